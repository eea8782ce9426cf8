// Mentions per second through the whole ingestion pipeline (normalise → de-duplicate → language →
// sentiment → match → store with links and rollups), on in-memory PGlite or DATABASE_URL, then what a
// manual source's import of a 100 000-row CSV (upload, then the job), a project's re-match over those rows
// and the same import from a JSON file take. For each, how long the event loop waited: monitorEventLoopDelay's
// max and p99 (wall clock, which on a busy machine includes time given to other processes) and the longest
// stretch of this thread's CPU between two turns of the loop (what the code itself holds it for).
// `node scripts/bench-ingest.ts [count] [batchSize…] [--runs N] [--rows N]`: each batch size `runs` times
// (default 3) with new items from a new source; the median run is reported. Defaults: 20 000 items, batches
// of 100 and 1 000, imports of 100 000 rows (`--rows 0` leaves the imports and the re-match out).
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { projects, sources } from "~/db/schema";
import { rematchProject } from "~/features/projects/rematch.server";
import { confirmImport, createImport, findImport, runImport } from "~/features/sources/import.server";
import { ingest } from "~/features/sources/ingest.server";
import { lexiconClassifier } from "~/features/sources/sentiment";
import { benchServices } from "./bench-services.ts";

const args = process.argv.slice(2);
/** The value after `--name`, taken out of the arguments. */
function option(name: string, fallback: number) {
  const at = args.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(args.splice(at, 2)[1]);
}
const runs = option("runs", 3);
const importRows = option("rows", 100_000);
const [count = 20_000, ...sizes] = args.map(Number);
const batchSizes = sizes.length ? sizes : [100, 1000];

// No queue runs here: the alert checks a real ingestion queues are left out, and the import job is run by hand.
const { handle, services } = benchServices();
await handle.migrate();
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

interface Watched {
  seconds: number;
  /** monitorEventLoopDelay's longest and 99th-percentile delay, ms. */
  max: number;
  p99: number;
  /** The most CPU time this thread spent between two ticks of a 5 ms timer, ms. */
  stretch: number;
}

/** Starts watching the clock and the event loop; the returned function stops and gives the figures. */
function watch(): () => Watched {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  let lastCpu = process.threadCpuUsage();
  let stretch = 0;
  const tick = () => {
    const spent = process.threadCpuUsage(lastCpu);
    stretch = Math.max(stretch, (spent.user + spent.system) / 1000);
    lastCpu = process.threadCpuUsage();
  };
  const ticker = setInterval(tick, 5);
  delay.enable();
  const began = performance.now();
  return () => {
    const seconds = (performance.now() - began) / 1000;
    tick();
    clearInterval(ticker);
    delay.disable();
    return { seconds, max: delay.max / 1e6, p99: delay.percentile(99) / 1e6, stretch };
  };
}

const ms = (value: number) => `${Math.round(value)} ms`;
const loopOf = (w: Pick<Watched, "max" | "p99" | "stretch">) =>
  `event loop: delay max ${ms(w.max)}, p99 ${ms(w.p99)}, longest CPU stretch ${ms(w.stretch)}`;
const load = () => `load ${os.loadavg()[0].toFixed(1)}`;

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
  const cpuBefore = process.cpuUsage();
  const done = watch();
  const result = await ingest(services, source!.id, items, { batchSize, classifier: lexiconClassifier });
  const watched = done();
  const cpu = process.cpuUsage(cpuBefore);
  if (result.new !== count) throw new Error(`expected ${count} new mentions, got ${JSON.stringify(result)}`);
  return { ...watched, perSecond: count / watched.seconds, perCpuSecond: count / ((cpu.user + cpu.system) / 1e6) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
for (const batchSize of batchSizes) {
  const results: Awaited<ReturnType<typeof once>>[] = [];
  for (let run = 0; run < runs; run++) results.push(await once(batchSize, run));
  // On a busy machine wall time says little: this process's CPU time is the steadier figure (with PGlite it
  // includes the database's work; with PostgreSQL only ours).
  const of = (key: keyof (typeof results)[number]) => median(results.map((r) => r[key]));
  console.log(
    `${handle.driver}: ${count} items in batches of ${batchSize}, median of ${runs}: ` +
      `${Math.round(of("perSecond"))} mentions/s, ${Math.round(of("perCpuSecond"))} per CPU-second of this process; ` +
      `${loopOf({ max: of("max"), p99: of("p99"), stretch: of("stretch") })} (${load()})`,
  );
}

if (importRows > 0) await importAndRematch(importRows);
await handle.close();

/**
 * A `rows`-row CSV into a manual source: the upload (read and kept for preview), then the import job; then a
 * new project re-matched over exactly those rows (dated in early 2025, away from the items above). Last, the
 * same rows as JSON into another source, a year earlier (else they would be copies of the CSV's).
 */
async function importAndRematch(rows: number) {
  const first = Date.UTC(2025, 0, 1);
  await importFile("csv", rows, first);
  const [project] = await handle.db
    .insert(projects)
    .values({ name: `Bench re-match ${tag}`, keywords: ["TezPay", "Нурбанк"] })
    .returning();
  const done = watch();
  // Its 90-day window ends a month after the last row: the imported rows and nothing else.
  await rematchProject(services, project!.id, new Date(first + rows * 60_000 + 30 * 86_400_000));
  const rematch = done();
  console.log(
    `${handle.driver}: re-match over ${rows} mentions ${rematch.seconds.toFixed(1)} s, ` +
      `${Math.round(rows / rematch.seconds)} mentions/s; ${loopOf(rematch)} (${load()})`,
  );
  await importFile("json", rows, Date.UTC(2024, 0, 1));
}

/** A `rows`-row file into a new manual source: the upload (read and kept for preview), then the import job. */
async function importFile(format: "csv" | "json", rows: number, first: number) {
  const [source] = await handle.db
    .insert(sources)
    .values({ type: "manual", name: `Bench ${format} import`, url: `bench-import-${format}-${tag}` })
    .returning();
  // Short rows, so that 100 000 of them stay under the 10 MB an upload may have. In JSON, with its keys, only
  // without the id (the link is one) and with Unix times for dates.
  const notes = ["Nurbank ilovasi ishlamayapti", "TezPay ikki marta pul yechdi", "Нурбанк открыл отделение"];
  const at = (i: number) => first + i * 60_000;
  let content: string;
  if (format === "csv") {
    const lines = ["id;date;text;url"];
    for (let i = 0; i < rows; i++) {
      const date = new Date(at(i)).toISOString().slice(0, 16).replace("T", " ");
      lines.push(`${i};${date};${notes[i % notes.length]} ${i};https://t.me/b/${i}`);
    }
    content = lines.join("\n");
  } else {
    const items = Array.from({ length: rows }, (_, i) => ({
      date: at(i) / 1000,
      text: `${notes[i % notes.length]} ${i}`,
      url: `https://t.me/b/${i}`,
    }));
    content = JSON.stringify(items);
  }
  const bytes = new TextEncoder().encode(content);
  const what = `${format.toUpperCase()} of ${rows} rows`;
  const size = `${(bytes.length / 1e6).toFixed(1)} MB`;

  let done = watch();
  const created = await createImport(services, source!.id, { name: `bench.${format}`, bytes }, crypto.randomUUID());
  const upload = done();
  if (!("id" in created)) throw new Error(`the upload was refused: ${JSON.stringify(created)}`);
  console.log(`${handle.driver}: upload of a ${what} (${size}) ${upload.seconds.toFixed(1)} s; ${loopOf(upload)}`);

  const row = await findImport(services, source!.id, created.id);
  const mapping = { publishedAt: "date", text: "text", url: "url", ...(format === "csv" ? { externalId: "id" } : {}) };
  await confirmImport(services, row!, mapping);
  done = watch();
  await runImport(services, created.id);
  const job = done();
  const imported = await findImport(services, source!.id, created.id);
  const totals = imported?.result as { new?: number } | null;
  if (imported?.status !== "done" || totals?.new !== rows) {
    throw new Error(`the import ended ${imported?.status}: ${JSON.stringify(imported?.result ?? imported?.errors)}`);
  }
  console.log(
    `${handle.driver}: import job of a ${what} ${job.seconds.toFixed(1)} s, ${Math.round(rows / job.seconds)} rows/s; ` +
      `${loopOf(job)} (${load()})`,
  );
}
