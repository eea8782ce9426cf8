import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port";
import { SERVER_ENV, SERVER_NODE_ARGS } from "../../scripts/server-runtime";

const root = path.resolve(import.meta.dirname, "../..");

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
}

/** The built server (`npm run build`) as its own process on a free port and a fresh data dir. */
export async function startServer(
  env: Record<string, string> = {},
  { waitReady = true, readyWithinMs = 60_000 } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("No build: run `npm run build` first.");
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "kuzatuv-server-test-"));
  let output = "";
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      ...SERVER_ENV,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      SEED_MESSAGES: "300",
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  if (waitReady) {
    const deadline = Date.now() + readyWithinMs;
    for (;;) {
      const ok = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Signs up the workspace's first account (its admin) on a running server; answers its session cookie. */
export async function signUpOwner(url: string): Promise<string> {
  const response = await fetch(`${url}/sign-up?index`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      email: "owner@example.com",
      password: "owner-password",
      confirmPassword: "owner-password",
    }),
  });
  if (response.status !== 302) throw new Error(`signing up answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0] as string;
}
