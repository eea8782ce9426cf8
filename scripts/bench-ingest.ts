// Mentions per second through the whole ingestion pipeline (normalise → de-duplicate → language →
// sentiment → match → store with links and rollups), on in-memory PGlite or DATABASE_URL.
// `node scripts/bench-ingest.ts [count] [batchSize]`.
import { openDatabase } from "../app/db/client.server.ts";
import { projects, sources } from "../app/db/schema.ts";
import { ingest } from "../app/features/sources/ingest.server.ts";

const count = Number(process.argv[2] ?? 20_000);
const batchSize = Number(process.argv[3] ?? 1000);
const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "memory://" });
await handle.migrate();
await handle.db.insert(projects).values([
  { name: `Bench Nurbank ${Date.now()}`, keywords: ["Nurbank", "Нурбанк"], excludedWords: ["vakansiya"] },
  { name: `Bench TezPay ${Date.now()}`, keywords: ["TezPay"] },
  { name: `Bench Korzinka ${Date.now()}`, keywords: ["Korzinka"], requiredWords: ["narx"] },
]);
const [source] = await handle.db
  .insert(sources)
  .values({ type: "webhook", name: "Bench", url: `bench-${Date.now()}` })
  .returning();

const texts = [
  "Nurbankning yangi ilovasi juda qulay va tez ishlaydi, <b>rahmat</b>!",
  "Приложение Нурбанка с утра не работает, ничего не могу оплатить.",
  "TezPay charged me twice for the same transfer and nobody answers.",
  "Корзинкада нархлар яна ошди, қадоқлар эса кичраяди.",
  "Markaziy bank qayta moliyalash stavkasini 13,5 foizda saqlab qoldi.",
];
const start = Date.UTC(2026, 9, 1);
const run = Date.now().toString(36);
const items = Array.from({ length: count }, (_, i) => ({
  externalId: `e${i}`,
  url: `https://news.example/${run}/${i}?utm_source=bench`,
  title: `Post ${i}`,
  text: `${texts[i % texts.length]} #${run}-${i}`,
  publishedAt: new Date(start + i * 30_000),
  reach: i % 1000,
}));

const began = performance.now();
const cpuBefore = process.cpuUsage();
const result = await ingest(source!.id, items, { db: handle.db, batchSize });
const seconds = (performance.now() - began) / 1000;
const cpu = process.cpuUsage(cpuBefore);
// On a busy machine wall time says little: this process's CPU time is the steadier figure (with PGlite it
// includes the database's work; with PostgreSQL only ours).
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
console.log(
  `${handle.driver}: ${count} items in batches of ${batchSize}: ${seconds.toFixed(2)} s, ` +
    `${Math.round(count / seconds)} mentions/s; ${cpuSeconds.toFixed(2)} s of CPU here, ` +
    `${Math.round(count / cpuSeconds)} mentions per CPU-second (new ${result.new}, matched ${result.matched}, duplicate ${result.duplicate})`,
);
await handle.close();
