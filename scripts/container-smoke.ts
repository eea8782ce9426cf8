// `npm run test:container`: the Dockerfile's runtime stage without Docker. It copies what that stage
// copies into a fresh folder, installs production dependencies only (`npm ci --omit=dev`), starts the
// built server there with production settings, and checks /healthz and /readyz, then a clean SIGTERM.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";
import { SERVER_ENV, SERVER_NODE_ARGS } from "./server-runtime.ts";

const root = path.resolve(import.meta.dirname, "..");
const fail = (message: string): never => {
  console.error(`container smoke test: ${message}`);
  process.exit(1);
};
if (!fs.existsSync(path.join(root, "build/server/index.js"))) fail("no build: run `npm run build` first");

const app = fs.mkdtempSync(path.join(os.tmpdir(), "kuzatuv-container-"));
for (const entry of ["package.json", "package-lock.json", "build", "server", "app", "drizzle", "locales"]) {
  fs.cpSync(path.join(root, entry), path.join(app, entry), { recursive: true });
}
console.log(`npm ci --omit=dev in ${app}`);
const install = spawnSync("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], {
  cwd: app,
  stdio: "inherit",
});
if (install.status !== 0) fail("npm ci --omit=dev failed");
for (const dev of ["vite", "vitest", "@react-router/dev", "@playwright/test"]) {
  if (fs.existsSync(path.join(app, "node_modules", dev))) fail(`a development dependency was installed: ${dev}`);
}

const port = await freePort();
const server = spawn(process.execPath, SERVER_NODE_ARGS, {
  cwd: app,
  env: {
    PATH: process.env.PATH,
    ...SERVER_ENV,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: path.join(app, "data"),
    SESSION_SECRET: "container-smoke-test-secret-0123456789abcdef",
    LOG_LEVEL: "warn",
    // The demo workspace is created from the bundle too (the runtime has no app sources).
    SEED_DEMO: "1",
    SEED_MESSAGES: "200",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const exited = new Promise<number | null>((resolve) => server.on("exit", resolve));

const base = `http://127.0.0.1:${port}`;
const deadline = Date.now() + 90_000;
let ready: Response | null = null;
while (Date.now() < deadline) {
  ready = await fetch(`${base}/readyz`).catch(() => null);
  if (ready?.ok) break;
  await new Promise((resolve) => setTimeout(resolve, 300));
}
if (!ready?.ok) {
  server.kill("SIGKILL");
  fail("the server did not become ready");
}
const readiness = (await ready?.json()) as { database: { driver: string; migrations: number } };
const health = await fetch(`${base}/healthz`);
const page = await fetch(`${base}/sign-in`);
console.log(`readyz: ${JSON.stringify(readiness)}; healthz ${health.status}; /sign-in ${page.status}`);
server.kill("SIGTERM");
const code = await exited;
fs.rmSync(app, { recursive: true, force: true });
if (readiness.database.migrations < 1 || !health.ok || page.status !== 200) fail("unexpected answers");
if (code !== 0) fail(`the server exited with ${code} after SIGTERM`);
console.log("container smoke test: 1 passed, 0 failed");
