// The collector's memory while it reads a 10 MB feed: the built server (npm run build) fetches one due RSS
// feed of about 9.5 MB (the collector's cap is 10 MB) from a loopback server, through the job queue and the
// pipeline, while its resident memory is sampled. `node scripts/bench-collector.ts`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { fetchAttempts, sources } from "~/db/schema";
import { freePort } from "./free-port.ts";
import { APP_PATHS } from "./server-runtime.ts";

const root = path.resolve(import.meta.dirname, "..");
const MB = 1024 * 1024;

const item = (i: number) =>
  `<item><guid>bench-${i}</guid><link>https://news.example/bench/${i}</link><title>Nurbank news ${i}</title>` +
  `<pubDate>${new Date(Date.now() - i * 60_000).toUTCString()}</pubDate><description>${"Nurbank ochiq hisobot. ".repeat(18)}${i}</description></item>\n`;
const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Bench</title>\n'];
let size = parts[0]!.length;
for (let i = 0; size < 9.5 * MB; i++) {
  const next = item(i);
  parts.push(next);
  size += next.length;
}
parts.push("</channel></rss>\n");
const feed = Buffer.from(parts.join(""));
const items = parts.length - 2;

let served = false;
const feeds = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/rss+xml" }).end(feed, () => {
    served = true;
  });
});
await new Promise<void>((resolve) => feeds.listen(0, "127.0.0.1", resolve));
const feedUrl = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}/feed.xml`;

// A production workspace (no demo data) with the feed due in 5 s: the loop's first scan comes after the
// baseline is taken, its second (30 s) finds it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kuzatuv-bench-collector-"));
const before = openDatabase({ dataDir, root });
await before.migrate();
await before.db
  .insert(sources)
  .values({ type: "rss", name: "Bench feed", url: feedUrl, nextFetchAt: new Date(Date.now() + 5_000) });
await before.close();

const port = await freePort();
let output = "";
const server = spawn(process.execPath, [APP_PATHS, "server/main.ts"], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SESSION_SECRET: "a-session-secret-for-the-collector-bench",
    COLLECTOR_ALLOW_PRIVATE: "1",
    LOG_LEVEL: "debug",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
server.stdout.on("data", (chunk) => {
  output += chunk;
});
const exited = new Promise((resolve) => server.once("exit", resolve));

/** Resident and peak resident memory of the server, from /proc. */
function memory() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error("the server did not become ready");
    await wait(250);
  }
  await wait(2_000);
  const baseline = memory();
  let highest = baseline.rss;
  const began = Date.now();
  while (!/"job":"fetch-source"[^\n]*"msg":"job done"/.test(output)) {
    if (Date.now() - began > 120_000) throw new Error(`the feed was not fetched:\n${output.slice(-2000)}`);
    highest = Math.max(highest, memory().rss);
    await wait(20);
  }
  const after = memory();
  console.log(
    `collector, one ${(feed.length / MB).toFixed(1)} MB RSS feed of ${items} items (served: ${served}): ` +
      `resident ${(baseline.rss / MB).toFixed(0)} MB before, ${(highest / MB).toFixed(0)} MB at most while reading ` +
      `and storing it (+${((highest - baseline.rss) / MB).toFixed(0)} MB), ${(after.rss / MB).toFixed(0)} MB after; ` +
      `process peak ${(after.peak / MB).toFixed(0)} MB`,
  );
} finally {
  server.kill("SIGTERM");
  await exited;
  feeds.close();
}
const check = openDatabase({ dataDir, root });
const [attempt] = await check.db.select().from(fetchAttempts);
await check.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  `collector: ${attempt?.result}, ${attempt?.newItems} new mentions in ${((attempt?.durationMs ?? 0) / 1000).toFixed(1)} s`,
);
