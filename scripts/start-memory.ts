// The server's memory while it starts (ADR 053's addendum): `node scripts/start-memory.ts [runs] [data dir]
// [-- extra node flags]` starts the built server as `npm start` does, `runs` times (5), each on a fresh data dir
// (the very first start: the database created, every migration run) or on a copy of `data dir` (a restart),
// samples its RSS every 10 ms until 3 s after /readyz answers, and prints each start's peak (VmHWM) and the median.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";
import { SERVER_ENV, SERVER_NODE_ARGS } from "./server-runtime.ts";

const root = path.resolve(import.meta.dirname, "..");
const dashes = process.argv.indexOf("--");
const [runsArg, template] = process.argv.slice(2, dashes === -1 ? undefined : dashes);
const extraFlags = dashes === -1 ? [] : process.argv.slice(dashes + 1);
const runs = Number(runsArg ?? 5);

const megabytes = (pid: number, field: "VmRSS" | "VmHWM") => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
};

const peaks: number[] = [];
for (let run = 0; run < runs; run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kuzatuv-start-memory-"));
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  fs.rmSync(path.join(dataDir, "kuzatuv.lock"), { force: true });
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, [...extraFlags, ...SERVER_NODE_ARGS], {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let sampled = 0;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, megabytes(child.pid!, "VmRSS"));
  }, 10);
  while (
    !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyMs = Date.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  clearInterval(sampler);
  const peak = megabytes(child.pid!, "VmHWM");
  peaks.push(peak);
  console.log(
    `start ${run + 1}: peak ${peak} MB (sampled ${sampled}), ready after ${readyMs} ms, then ${megabytes(child.pid!, "VmRSS")} MB`,
  );
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const sorted = [...peaks].sort((a, b) => a - b);
console.log(`median peak ${sorted[Math.floor(sorted.length / 2)]} MB (${sorted[0]}–${sorted.at(-1)})`);
