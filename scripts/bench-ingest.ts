// Mentions per second through the whole ingestion pipeline (normalise → de-duplicate → language →
// sentiment → match → store with links and rollups), on in-memory PGlite or DATABASE_URL.
// `node scripts/bench-ingest.ts [count] [batchSize…] [--runs N]`: each batch size `runs` times (default 3)
// with new items from a new source; the median run is reported. Defaults: 20 000 items, batches of 100 and 1 000.

import { pino } from "pino";
import type { Services } from "../app/core/context.server.ts";
import { openDatabase } from "../app/db/client.server.ts";
import { projects, sources } from "../app/db/schema.ts";
import { ingest } from "../app/features/sources/ingest.server.ts";
import { lexiconClassifier } from "../app/features/sources/sentiment.ts";
import { parseEnv } from "../app/lib/env.server.ts";
import { detachedQueue } from "../app/lib/jobs.server.ts";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt < 0 ? 3 : Number(args.splice(runsAt, 2)[1]);
const [count = 20_000, ...sizes] = args.map(Number);
const batchSizes = sizes.length ? sizes : [100, 1000];

const dataDir = "memory://";
const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
await handle.migrate();
// No queue runs here: the alert checks a real ingestion queues are left out.
const services: Services = {
  db: handle.db,
  kept: handle.kept,
  env: parseEnv({ ...process.env, DATA_DIR: dataDir }),
  jobs: detachedQueue,
  log: pino({ level: "warn" }),
};
const tag = Date.now().toString(36);
await handle.db.insert(projects).values([
  { name: `Bench Nurbank ${tag}`, keywords: ["Nurbank", "Нурбанк"], excludedWords: ["vakansiya"] },
  { name: `Bench TezPay ${tag}`, keywords: ["TezPay"] },
  { name: `Bench Korzinka ${tag}`, keywords: ["Korzinka"], requiredWords: ["narx"] },
]);

const texts = [
  "Nurbankning yangi ilovasi juda qulay va tez ishlaydi, <b>rahmat</b>!",
  "Приложение Нурбанка с утра не работает, ничего не могу оплатить.",
  "TezPay charged me twice for the same transfer and nobody answers.",
  "Корзинкада нархлар яна ошди, қадоқлар эса кичраяди.",
  "Markaziy bank qayta moliyalash stavkasini 13,5 foizda saqlab qoldi.",
];
const start = Date.UTC(2026, 9, 1);

/** One run: `count` new items from a new source; wall-clock and this process's CPU rates. */
async function once(batchSize: number, run: number) {
  const [source] = await handle.db
    .insert(sources)
    .values({ type: "webhook", name: "Bench", url: `bench-${tag}-${batchSize}-${run}` })
    .returning();
  const prefix = `${tag}-${batchSize}-${run}`;
  const items = Array.from({ length: count }, (_, i) => ({
    externalId: `e${i}`,
    url: `https://news.example/${prefix}/${i}?utm_source=bench`,
    title: `Post ${i}`,
    text: `${texts[i % texts.length]} #${prefix}-${i}`,
    publishedAt: new Date(start + i * 30_000),
    reach: i % 1000,
  }));
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await ingest(services, source!.id, items, { batchSize, classifier: lexiconClassifier });
  const seconds = (performance.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  if (result.new !== count) throw new Error(`expected ${count} new mentions, got ${JSON.stringify(result)}`);
  return { perSecond: count / seconds, perCpuSecond: count / ((cpu.user + cpu.system) / 1e6) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
for (const batchSize of batchSizes) {
  const results = [];
  for (let run = 0; run < runs; run++) results.push(await once(batchSize, run));
  // On a busy machine wall time says little: this process's CPU time is the steadier figure (with PGlite it
  // includes the database's work; with PostgreSQL only ours).
  console.log(
    `${handle.driver}: ${count} items in batches of ${batchSize}, median of ${runs}: ` +
      `${Math.round(median(results.map((r) => r.perSecond)))} mentions/s, ` +
      `${Math.round(median(results.map((r) => r.perCpuSecond)))} mentions per CPU-second of this process`,
  );
}
await handle.close();
