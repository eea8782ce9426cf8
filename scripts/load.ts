// The load mode of `npm run bench` (`npm run bench -- --load`): Debian's `wrk` against the running
// production server. First 10 000 requests for the signed-in overview (the memory sample "after 10 000
// requests", given at most 5 × `seconds`), then `connections` × `seconds` on the signed-in overview
// and on the sign-in page. Each run reports the server's highest RSS while it ran and its RSS at the end.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const WRK = "/usr/bin/wrk";
const THREADS = 2;

/** Installs Debian's wrk when it is missing (as root, like scripts/e2e.ts does for Chromium). */
export function ensureWrk() {
  if (fs.existsSync(WRK)) return;
  if (process.getuid?.() !== 0 || !fs.existsSync("/usr/bin/apt-get")) {
    throw new Error(`The load mode needs wrk at ${WRK}: sudo apt-get install wrk`);
  }
  console.log("Installing Debian's wrk for the load mode…");
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "--no-install-recommends", "wrk"],
  ]) {
    if (spawnSync("apt-get", args, { stdio: "inherit" }).status !== 0) throw new Error("could not install wrk");
  }
}

// Counts answers other than 200 (wrk itself only counts statuses ≥ 400: a 302 to sign-in would pass),
// stops each thread after WRK_LIMIT answers when set (and says so in WRK_DONE: wrk itself would wait out
// its whole duration), and prints one JSON line at the end.
const SCRIPT = `
local threads = {}
local limit = tonumber(os.getenv("WRK_LIMIT") or "0")
function setup(thread) table.insert(threads, thread) end
function init(args) answers = 0; unexpected = 0 end
function response(status, headers, body)
  answers = answers + 1
  if status ~= 200 then unexpected = unexpected + 1 end
  if limit > 0 and answers == limit then
    local done = io.open(os.getenv("WRK_DONE"), "a"); done:write("stopped\\n"); done:close()
    wrk.thread:stop()
  end
end
function done(summary, latency, requests)
  local unexpectedTotal = 0
  for _, thread in ipairs(threads) do unexpectedTotal = unexpectedTotal + thread:get("unexpected") end
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"p50":%.1f,"p99":%.1f,"errors":%d}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    e.connect + e.read + e.write + e.timeout + math.max(e.status, unexpectedTotal)))
end
`;

interface WrkResult {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * Runs wrk; with a limit, ends it (SIGINT: it then prints its summary) once every thread has had its
 * answers. Meanwhile samples the server's RSS every 200 ms.
 */
async function wrk(
  url: string,
  pid: number,
  options: { connections: number; seconds: number; cookie?: string; limit?: number },
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kuzatuv-load-"));
  const script = path.join(dir, "count.lua");
  const done = path.join(dir, "done");
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(done, "");
  const args = [
    `-t${THREADS}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    "--timeout",
    "10s",
    "-s",
    script,
    "-H",
    "Accept-Encoding: gzip, br",
    ...(options.cookie ? ["-H", `Cookie: ${options.cookie}`] : []),
    url,
  ];
  const limit = options.limit ? String(Math.ceil(options.limit / THREADS)) : "0";
  const child = spawn(WRK, args, { env: { ...process.env, WRK_LIMIT: limit, WRK_DONE: done } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  let peakRss = rssMb(pid);
  const sampling = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(pid));
    const stopped = fs.readFileSync(done, "utf8").split("\n").filter(Boolean).length;
    if (options.limit && stopped >= THREADS) child.kill("SIGINT");
  }, 200);
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearInterval(sampling);
  fs.rmSync(dir, { recursive: true, force: true });
  const line = stdout.split("\n").find((l) => l.startsWith("{"));
  if (status !== 0 || !line) throw new Error(`wrk failed: ${stderr || stdout}`);
  return { ...(JSON.parse(line) as WrkResult), peakRss };
}

/** The resident memory of a process, MB (VmRSS in /proc/<pid>/status). */
function rssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

/** The CPU time a process has used so far, ms (utime + stime in /proc/<pid>/stat, in 1/100 s ticks). */
function cpuMs(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function loadTest(options: {
  base: string;
  cookie: string;
  pid: number;
  connections: number;
  seconds: number;
}) {
  const { base, cookie, pid, connections, seconds } = options;
  const [load1] = os.loadavg();
  const before = rssMb(pid);
  console.log(`# Load: wrk, ${connections} connections, ${THREADS} threads (load average ${load1?.toFixed(1)})`);
  // Each run with the server's CPU time per answered request: on a busy machine the rates say more
  // about the neighbours than about the server.
  const measured = async (url: string, options: Parameters<typeof wrk>[2]) => {
    const cpu = cpuMs(pid);
    const result = await wrk(url, pid, options);
    return { ...result, cpu: (cpuMs(pid) - cpu) / Math.max(1, result.requests), rss: rssMb(pid) };
  };
  const warmup = await measured(`${base}/`, { connections, seconds: 5 * seconds, cookie, limit: 10_000 });
  const overview = await measured(`${base}/`, { connections, seconds, cookie });
  const signIn = await measured(`${base}/sign-in`, { connections, seconds });
  const row = (name: string, r: Awaited<ReturnType<typeof measured>>) => ({
    run: name,
    "requests/s": Math.round(r.requests / r.seconds),
    "p50 ms": r.p50,
    "p99 ms": r.p99,
    errors: r.errors,
    requests: r.requests,
    "CPU ms/request": Math.round(r.cpu * 10) / 10,
    "RSS peak, MB": r.peakRss,
    "RSS after, MB": r.rss,
  });
  console.table([
    row(`/ first ${warmup.requests}`, warmup),
    row(`/ ${seconds} s`, overview),
    row(`/sign-in ${seconds} s`, signIn),
  ]);
  console.log(`RSS before: ${before} MB; load average now ${os.loadavg()[0]?.toFixed(1)}`);
}
