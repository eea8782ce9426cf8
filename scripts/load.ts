// The load mode of `npm run bench` (`npm run bench -- --load`): Debian's `wrk` against the running
// production server. First 10 000 requests for the signed-in overview (the memory sample "after 10 000
// requests", given at most 5 × `seconds`), then `connections` × `seconds` on the signed-in overview
// and on the sign-in page, 16 connections × `seconds` on /analytics and on /messages, then what a visitor
// waits meanwhile (ADR 040): /healthz and the overview, one request at a time, while /analytics is loaded
// with 16 connections and while a manual source imports a 100 000-row CSV. Each wrk run reports the
// server's highest RSS while it ran and its RSS at the end.
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
  const analytics = await measured(`${base}/analytics`, { connections: 16, seconds, cookie });
  const feed = await measured(`${base}/messages`, { connections: 16, seconds, cookie });
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
    row(`/analytics ×16 ${seconds} s`, analytics),
    row(`/messages ×16 ${seconds} s`, feed),
  ]);
  console.log(`RSS before: ${before} MB; load average now ${os.loadavg()[0]?.toFixed(1)}`);

  console.log("# What a visitor waits while the server is busy: one request at a time, every 50 ms, ms");
  const waits = (name: string, p: Probe) => ({
    while: name,
    url: p.url,
    answers: p.count,
    "p50 ms": p.p50,
    "p95 ms": p.p95,
    "p99 ms": p.p99,
    "max ms": p.max,
    errors: p.errors,
  });
  const busy = wrk(`${base}/analytics`, pid, { connections: 16, seconds, cookie });
  const [health, page] = await Promise.all([probe(`${base}/healthz`, busy), probe(`${base}/`, busy, cookie)]);
  const { requests } = await busy;
  const imported = await importRows(base, cookie, 100_000);
  const [healthImport, pageImport] = await Promise.all([
    probe(`${base}/healthz`, imported.done),
    probe(`${base}/`, imported.done, cookie),
  ]);
  const { status, ms } = await imported.done;
  console.table([
    waits(`/analytics ×16 (${Math.round(requests / seconds)}/s)`, health),
    waits(`/analytics ×16 (${Math.round(requests / seconds)}/s)`, page),
    waits(`100 000-row import (${status}, ${(ms / 1000).toFixed(0)} s)`, healthImport),
    waits(`100 000-row import (${status}, ${(ms / 1000).toFixed(0)} s)`, pageImport),
  ]);
  console.log(`RSS after: ${rssMb(pid)} MB; load average now ${os.loadavg()[0]?.toFixed(1)}`);
}

export interface Probe {
  url: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

/** Requests `url` one at a time, 50 ms apart, until `until` settles; the answers' times (the whole body), ms. */
export async function probe(url: string, until: Promise<unknown>, cookie?: string): Promise<Probe> {
  let running = true;
  void until.finally(() => {
    running = false;
  });
  const times: number[] = [];
  let errors = 0;
  while (running) {
    const started = performance.now();
    try {
      const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
      await response.arrayBuffer();
      if (response.status !== 200) errors += 1;
    } catch {
      errors += 1;
    }
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN);
  return {
    url: url.replace(/^https?:\/\/[^/]+/, ""),
    count: times.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: at(1),
    errors,
  };
}

/**
 * Uploads a CSV of `rows` mentions to the demo's manual source and confirms it (as the import page does);
 * `done` settles when the import has finished, with its status and how long it ran.
 */
export async function importRows(base: string, cookie: string, rows: number) {
  const headers = { Cookie: cookie, Origin: base };
  const sources = await (await fetch(`${base}/sources`, { headers })).text();
  const ids = [...new Set(sources.match(/(?<=href="\/sources\/)[0-9a-f-]{36}(?=")/g))];
  let page = "";
  for (const id of ids) {
    const response = await fetch(`${base}/sources/${id}/import`, { headers });
    await response.arrayBuffer();
    if (response.ok) {
      page = `${base}/sources/${id}/import`;
      break;
    }
  }
  if (!page) throw new Error("the demo workspace has no manual source");
  const lines = ["externalId,title,text,author,publishedAt"];
  const day = Date.now() - 86_400_000;
  for (let i = 0; i < rows; i++) {
    const at = new Date(day + (i % 86_400) * 1000).toISOString();
    lines.push(`bench-${i},Imported ${i},Nurbank Toshkent xizmati haqida fikr ${i},reader${i % 500},${at}`);
  }
  const form = new FormData();
  form.set("intent", "upload");
  form.set("file", new Blob([`${lines.join("\n")}\n`], { type: "text/csv" }), "bench.csv");
  const uploaded = await fetch(page, { method: "POST", headers, body: form, redirect: "manual" });
  const importId = new URL(uploaded.headers.get("Location") ?? "", base).searchParams.get("import");
  if (!importId) throw new Error(`the upload was refused (HTTP ${uploaded.status})`);
  const mapping = {
    externalId: "externalId",
    title: "title",
    text: "text",
    author: "author",
    publishedAt: "publishedAt",
  };
  const confirm = new URLSearchParams({ intent: "confirm", importId });
  for (const [field, column] of Object.entries(mapping)) confirm.set(`map.${field}`, column);
  const started = Date.now();
  const confirmed = await fetch(page, { method: "POST", headers, body: confirm, redirect: "manual" });
  if (confirmed.status !== 302) throw new Error(`the import was not confirmed (HTTP ${confirmed.status})`);
  const done = (async () => {
    while (Date.now() - started < 20 * 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const html = await (await fetch(`${page}?import=${importId}`, { headers })).text();
      const status = />(Done|Failed)</.exec(html)?.[1];
      if (status) return { status: status.toLowerCase(), ms: Date.now() - started };
    }
    throw new Error("the import did not finish within 20 minutes");
  })();
  return { done };
}
