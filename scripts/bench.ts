// `npm run bench`: measures the production build with the shared page-load yardstick
// (../shared/bench/pageload.mjs: Playwright + Chromium, throttled through CDP) and the build's size.
// Extra arguments go to pageload.mjs, e.g. `npm run bench -- --profile fast,slow4g --runs 7`.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const yardstick = path.resolve(root, "../shared/bench");
if (!fs.existsSync(path.join(yardstick, "pageload.mjs"))) {
  console.error(
    `The yardstick is missing: expected ${yardstick}/pageload.mjs (the shared/ folder beside the project).`,
  );
  process.exit(1);
}
// Copied under our node_modules so that its `playwright-core` import resolves to ours.
const workDir = path.join(root, "node_modules/.cache/kuzatuv-bench");
fs.mkdirSync(workDir, { recursive: true });
for (const file of ["pageload.mjs", "distsize.mjs"])
  fs.copyFileSync(path.join(yardstick, file), path.join(workDir, file));

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}

const port = 4393;
const base = `http://127.0.0.1:${port}`;
const server: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "kuzatuv-bench-")),
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

try {
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error("the server did not become ready");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // The overview is behind sign-in: sign in as the demo admin and hand the session to the yardstick.
  const signIn = await fetch(`${base}/sign-in?index`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "demo@kuzatuv.local", password: "kuzatuv-demo", redirect: "/" }),
  });
  const session = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0];
  if (!session) throw new Error(`could not sign in as the demo admin (HTTP ${signIn.status})`);
  const extra = ["--cookie", session, ...process.argv.slice(2)];
  const profile = extra.includes("--profile") ? [] : ["--profile", "slow4g"];
  const pageload = (args: string[]) =>
    spawnSync(process.execPath, [path.join(workDir, "pageload.mjs"), ...args, ...profile, ...extra], {
      stdio: "inherit",
    });
  console.log("# JavaScript on");
  pageload(["--url", `${base}/`, "--wait-for", "main h1", "--url", `${base}/integrations`, "--wait-for", "main h1"]);
  console.log("# JavaScript off");
  pageload(["--no-js", "--url", `${base}/`, "--wait-for", "main h1"]);
  console.log("# Build size");
  spawnSync(process.execPath, [path.join(workDir, "distsize.mjs"), path.join(root, "build/client")], {
    stdio: "inherit",
  });
} finally {
  server.kill("SIGTERM");
}
