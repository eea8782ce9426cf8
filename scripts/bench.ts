// `npm run bench`: measures the production build with the shared page-load yardstick
// (../shared/bench/pageload.mjs: Playwright + Chromium, throttled through CDP), the server's own time
// (the median of the overview's Server-Timing header) and the build's size.
//
//   npm run bench                 the demo data (20 000 mentions) on the embedded PGlite
//   npm run bench -- --pg         1 000 000 mentions on PostgreSQL: a local cluster in BENCH_PG_DIR
//                                 (default /var/tmp/kuzatuv-bench-pg), seeded once and reused; it is
//                                 seeded again when its data is more than 7 days old (the demo data
//                                 follows the calendar)
//   npm run bench -- --load       the demo data under load (scripts/load.ts): wrk, 64 connections × 60 s on
//                                 the signed-in overview and on the sign-in page, the server's RSS
//                                 (`--seconds N`, `--connections N` to change them)
//   npm run bench -- --ingest     ingestion instead of pages: mentions per second through the pipeline into
//                                 PGlite and into PostgreSQL (a fresh database on the bench cluster), in
//                                 batches of 100 and 1 000 (scripts/bench-ingest.ts), and the collector's
//                                 memory while it reads a 10 MB feed (scripts/bench-collector.ts)
//
// The yardstick is looked for in ../shared/bench, or in BENCH_YARDSTICK (e.g. from a git worktree).
// Other arguments go to pageload.mjs, e.g. `npm run bench -- --profile fast,slow4g --runs 7`.
// `--screens overview,a mention` measures only the named signed-in screens.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { SCREEN_FIGURES_MS } from "~/core/kept.server";
import { freePort } from "./free-port.ts";
import { ensureWrk, loadTest } from "./load.ts";
import { cluster, postgresBin, run } from "./postgres.ts";
import { APP_PATHS, SERVER_ENV, SERVER_NODE_ARGS } from "./server-runtime.ts";

const root = path.resolve(import.meta.dirname, "..");
const onPostgres = process.argv.includes("--pg");
const underLoad = process.argv.includes("--load");
const ingestion = process.argv.includes("--ingest");
/** The value after `--name` on the command line, removed from the yardstick's arguments. */
function option(name: string, fallback: number) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  process.argv.splice(at, 2);
  return value;
}
const seconds = option("seconds", 60);
const connections = option("connections", 64);
/** `--screens overview,messages`: page loads of these signed-in screens only (names as in the table). */
const chosen = (() => {
  const at = process.argv.indexOf("--screens");
  if (at < 0) return null;
  const names = (process.argv[at + 1] ?? "").split(",");
  process.argv.splice(at, 2);
  return names;
})();
/** Budgets of a signed-in screen on slow4g (issue 29): content visible and JavaScript on the wire. */
const BUDGET = { visibleMs: 600, javaScriptKB: 129 };

const pageloadArgs = process.argv.slice(2).filter((arg) => arg !== "--pg" && arg !== "--load");
if (underLoad) ensureWrk();

const SEED_MESSAGES = 1_000_000;
const SEED_MAX_AGE_MS = 7 * 86_400_000;
const BENCH_PG_DIR = "/var/tmp/kuzatuv-bench-pg";

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}

if (ingestion) {
  await benchIngestion();
  process.exit(0);
}

/** The pipeline's rate on both databases, then the collector's memory in the built server. */
async function benchIngestion() {
  console.log("# Ingestion into PGlite (in memory)");
  run(process.execPath, [APP_PATHS, "scripts/bench-ingest.ts"]);
  const postgres = cluster(postgresBin("bench --ingest"), path.resolve(process.env.BENCH_PG_DIR ?? BENCH_PG_DIR));
  if (!postgres.exists()) postgres.create();
  else if (postgres.running()) postgres.stop();
  const port = await freePort();
  const server = postgres.start(port);
  try {
    postgres.createDatabase(port, "kuzatuv_ingest", { replace: true });
    console.log("# Ingestion into PostgreSQL");
    run(process.execPath, [APP_PATHS, "scripts/bench-ingest.ts"], {
      env: { DATABASE_URL: `${server}/kuzatuv_ingest` },
    });
  } finally {
    postgres.stop();
  }
  console.log("# Collector memory");
  run(process.execPath, [APP_PATHS, "scripts/bench-collector.ts"]);
}

/** Starts the benchmark cluster (seeding it first when it is new or stale); returns its URL and a stop. */
async function benchPostgres() {
  const folder = path.resolve(process.env.BENCH_PG_DIR ?? BENCH_PG_DIR);
  const postgres = cluster(postgresBin("bench --pg"), folder);
  const marker = path.join(folder, `seeded-${SEED_MESSAGES}`);
  const fresh = fs.existsSync(marker) && Date.now() - fs.statSync(marker).mtimeMs < SEED_MAX_AGE_MS;
  if (!postgres.exists()) postgres.create();
  // Left running by an interrupted run: restart it on a port of this run.
  else if (postgres.running()) postgres.stop();
  const port = await freePort();
  const url = `${postgres.start(port)}/kuzatuv_bench`;
  if (!fresh) {
    fs.rmSync(marker, { force: true });
    postgres.createDatabase(port, "kuzatuv_bench", { replace: true });
    console.log(`Seeding ${SEED_MESSAGES} mentions into ${folder} (once; this takes several minutes)…`);
    const env = { DATABASE_URL: url, SEED_MESSAGES: String(SEED_MESSAGES), DATA_DIR: path.join(folder, "app") };
    if (run("npm", ["run", "seed"], { env }) !== 0) {
      postgres.stop();
      throw new Error("seeding failed");
    }
    fs.writeFileSync(marker, `${new Date().toISOString()}\n`);
  }
  return { url, stop: postgres.stop };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/**
 * Medians of the Server-Timing entries of `runs` requests for `url`, after a first one (its total is `first`).
 * The overview, analytics and a feed page keep their figures for a few seconds (core/kept): the requests are
 * spaced so that each finds nothing kept, which is what the database's work costs.
 */
async function serverTime(url: string, cookie: string, runs = 9) {
  const samples = new Map<string, number[]>();
  for (let i = 0; i < runs + 1; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, SCREEN_FIGURES_MS + 100));
    const response = await fetch(url, { headers: { Cookie: cookie } });
    await response.arrayBuffer();
    for (const entry of (response.headers.get("Server-Timing") ?? "").split(",")) {
      const [name, ...params] = entry.trim().split(";");
      const duration = params.find((p) => p.startsWith("dur="));
      // The first request also reads what is kept for a minute (top authors, topics): its total on its own.
      const key = i === 0 ? (name === "total" ? "first" : null) : name;
      if (key && duration) samples.set(key, [...(samples.get(key) ?? []), Number(duration.slice(4))]);
    }
  }
  return Object.fromEntries([...samples].map(([name, values]) => [name, Math.round(median(values) * 10) / 10]));
}

const database = onPostgres ? await benchPostgres() : null;
// A free port: on a shared machine another run's server may hold a fixed one, and its answers would be measured.
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kuzatuv-bench-"));

/** Starts the built server on the bench's data and signs in as the demo admin; returns its session. */
async function startServer() {
  const server: ChildProcess = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  running = server;
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error("the server did not become ready");
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
  return { server, session };
}

async function stopServer() {
  if (running && running.exitCode === null) {
    const server = running;
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

let running: ChildProcess | undefined;
try {
  const { session } = await startServer();
  console.log(`# Server time of the overview, ms (median of 9, ${onPostgres ? "PostgreSQL, 1M" : "PGlite, demo"})`);
  console.log(JSON.stringify(await serverTime(`${base}/`, session)));
  await benchAnalytics(session);
  await benchFeed(session);
  if (underLoad) {
    // Load is measured on a server restarted on the seeded data, as it runs in production: seeding the
    // demo grows PGlite's WebAssembly memory, which is never given back, and is not the load's doing.
    await stopServer();
    const { server, session: loadSession } = await startServer();
    if (!server.pid) throw new Error("the server has no process id");
    await loadTest({ base, cookie: loadSession, pid: server.pid, connections, seconds });
  } else {
    await pageLoad(session);
  }
} finally {
  await stopServer();
  database?.stop();
}

/** /analytics (ADR 029): the whole page for the default 30 days and for 90 days, one chart's CSV, and its JavaScript. */
async function benchAnalytics(cookie: string) {
  const cases = {
    "30 days, every project": `${base}/analytics`,
    "90 days, every project": `${base}/analytics?period=90`,
    "30 days, negative only": `${base}/analytics?sentiment=negative`,
  };
  console.log(`# Server time of /analytics, ms (median of 9, ${onPostgres ? "PostgreSQL, 1M" : "PGlite, demo"})`);
  for (const [name, url] of Object.entries(cases)) {
    console.log(`${name}: ${JSON.stringify(await serverTime(url, cookie))}`);
  }
  console.log(
    "# JavaScript a page adds to the signed-in layout, KB gzip (its route module and the chunks only it loads)",
  );
  for (const route of ["routes/_app._index", "routes/_app.analytics"]) {
    console.log(`${route}: ${(routeJavaScript(route) / 1024).toFixed(1)}`);
  }
}

/** Gzip bytes of a route's module and of its imports that the entry, root and signed-in layout do not load. */
function routeJavaScript(routeId: string): number {
  const assets = path.join(root, "build/client/assets");
  const file = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("no React Router manifest in the build");
  const manifest = JSON.parse(
    fs
      .readFileSync(path.join(assets, file), "utf8")
      .replace(/^window.__reactRouterManifest=/, "")
      .replace(/;$/, ""),
  ) as { entry: { module: string; imports: string[] }; routes: Record<string, { module: string; imports?: string[] }> };
  const filesOf = (r: { module: string; imports?: string[] }) => [r.module, ...(r.imports ?? [])];
  const shell = new Set([
    ...filesOf(manifest.entry),
    ...["root", "routes/_app"].flatMap((id) => filesOf(manifest.routes[id] as { module: string })),
  ]);
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`no route ${routeId} in the manifest`);
  return filesOf(route)
    .filter((f) => !shell.has(f))
    .reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(root, "build/client", f))).length, 0);
}

/**
 * The messages feed (ADR 024): its first page, the page 400 pages in (reached by following the Next links,
 * then measured), a two-word search and a filtered count.
 */
async function benchFeed(cookie: string) {
  let page = `${base}/messages`;
  for (let i = 1; i < 400; i++) {
    const html = await (await fetch(page, { headers: { Cookie: cookie } })).text();
    const next = html.match(/href="(\/messages\?[^"]*after=[^"]*)"/)?.[1];
    if (!next) break;
    page = `${base}${next.replaceAll("&amp;", "&")}`;
  }
  const cases = {
    "first page": `${base}/messages`,
    "page 400 by cursor": page,
    "two-word search": `${base}/messages?q=Nurbank+Toshkent`,
    "filtered count (negative, 30 days)": `${base}/messages?sentiment=negative&period=30`,
  };
  console.log(`# Server time of the messages feed, ms (median of 9)`);
  for (const [name, url] of Object.entries(cases)) {
    console.log(`${name}: ${JSON.stringify(await serverTime(url, cookie))}`);
  }
}

/** Every signed-in screen (issue 29): its name, its path and the element that shows its content. */
async function signedInScreens(cookie: string): Promise<Array<[name: string, path: string, waitFor: string]>> {
  const get = (url: string) => fetch(`${base}${url}`, { headers: { Cookie: cookie } }).then((r) => r.text());
  /** The first link on a list page that matches `pattern`: a screen of one record of the demo data. */
  const firstLink = async (list: string, pattern: RegExp) => {
    const found = (await get(list)).match(pattern)?.[0];
    if (!found) throw new Error(`no link like ${pattern} on ${list}`);
    return found;
  };
  const uuid = "[0-9a-f-]{36}";
  const project = await firstLink("/projects", new RegExp(`/projects/${uuid}`));
  // The demo has no conversation: ask the built-in analyst one question, answered before the redirect.
  const asked = await fetch(`${base}/ai-assistant?index`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ question: "How many mentions were there this week?", mode: "wait" }),
  });
  const conversation = asked.headers.get("Location");
  if (!conversation) throw new Error(`could not start a conversation (HTTP ${asked.status})`);
  return [
    ["overview", "/", "main h1"],
    ["analytics", "/analytics", "main h1"],
    ["messages", "/messages", "main h1"],
    ["a mention", await firstLink("/messages", new RegExp(`/messages/${uuid}`)), "#mention-title"],
    ["sources", "/sources", "main h1"],
    ["a source", await firstLink("/sources", new RegExp(`/sources/${uuid}`)), "main h1"],
    ["tasks", "/tasks", "main h1"],
    ["a task", await firstLink("/tasks", new RegExp(`/tasks/${uuid}`)), "main h1"],
    ["reports", "/reports", "main h1"],
    ["a report", await firstLink("/reports", new RegExp(`/reports/${uuid}`)), "main h1"],
    ["new report", "/reports/new", "main h1"],
    ["projects", "/projects", "main h1"],
    ["a project", project, "main h1"],
    ["project edit", `${project}/edit`, "main h1"],
    ["users", "/users", "main h1"],
    ["a user", await firstLink("/users", new RegExp(`/users/${uuid}`)), "main h1"],
    ["AI assistant", "/ai-assistant", "main h1"],
    ["a conversation", conversation, "main h1"],
    ["help center", "/help-center", "main h1"],
    ["an article", await firstLink("/help-center", /\/help-center\/[a-z-]+/), "main h1"],
    ["settings", "/settings", "main h1"],
    ["settings: account", "/settings/account", "main h1"],
    ["settings: appearance", "/settings/appearance", "main h1"],
    ["settings: notifications", "/settings/notifications", "main h1"],
    ["notifications", "/notifications", "main h1"],
    ["integrations", "/integrations", "main h1"],
  ];
}

/**
 * The shared yardstick's page loads: every signed-in screen with JavaScript on (`--screens a,b` picks some by
 * name), a table of their medians against the budget, two screens with JavaScript off, and the build's size.
 */
async function pageLoad(session: string) {
  const yardstick = path.resolve(process.env.BENCH_YARDSTICK ?? path.join(root, "../shared/bench"));
  if (!fs.existsSync(path.join(yardstick, "pageload.mjs"))) {
    throw new Error(
      `The yardstick is missing: expected ${yardstick}/pageload.mjs (the shared/ folder beside the project).`,
    );
  }
  // Copied under our node_modules so that its `playwright-core` import resolves to ours.
  const workDir = path.join(root, "node_modules/.cache/kuzatuv-bench");
  fs.mkdirSync(workDir, { recursive: true });
  for (const file of ["pageload.mjs", "distsize.mjs"])
    fs.copyFileSync(path.join(yardstick, file), path.join(workDir, file));
  const extra = ["--cookie", session, ...pageloadArgs];
  const profile = extra.includes("--profile") ? [] : ["--profile", "slow4g"];
  const pageload = (args: string[]) =>
    spawnSync(process.execPath, [path.join(workDir, "pageload.mjs"), ...args, ...profile, ...extra], {
      stdio: ["ignore", "pipe", "inherit"],
      encoding: "utf8",
    }).stdout.trim();
  const screens = (await signedInScreens(session)).filter(([name]) => !chosen || chosen.includes(name));
  console.log(`# JavaScript on (load average ${os.loadavg()[0]?.toFixed(1)})`);
  const results = pageload(screens.flatMap(([, url, waitFor]) => ["--url", `${base}${url}`, "--wait-for", waitFor]));
  console.log(results);
  console.log(
    `# Every signed-in screen, medians (budget: content visible ≤ ${BUDGET.visibleMs} ms, JavaScript ≤ ${BUDGET.javaScriptKB} KB)`,
  );
  console.log("| screen | profile | content visible, ms | JavaScript, KB | HTML, KB | requests |");
  console.log("|---|---|---|---|---|---|");
  for (const line of results.split("\n")) {
    const r = JSON.parse(line) as {
      url: string;
      profile: string;
      mc: number;
      jsKB: number;
      docKB: number;
      requests: number;
    };
    const name = screens.find(([, url]) => `${base}${url}` === r.url)?.[0] ?? r.url;
    const over = (value: number, limit: number) => `${value}${value > limit ? " ✗" : ""}`;
    console.log(
      `| ${name} | ${r.profile} | ${over(r.mc, BUDGET.visibleMs)} | ${over(r.jsKB, BUDGET.javaScriptKB)} | ${r.docKB} | ${r.requests} |`,
    );
  }
  console.log(`# JavaScript off (load average ${os.loadavg()[0]?.toFixed(1)})`);
  console.log(
    pageload([
      "--no-js",
      "--url",
      `${base}/`,
      "--wait-for",
      "main h1",
      "--url",
      `${base}/analytics`,
      "--wait-for",
      "main h1",
    ]),
  );
  console.log("# Build size");
  spawnSync(process.execPath, [path.join(workDir, "distsize.mjs"), path.join(root, "build/client")], {
    stdio: "inherit",
  });
}
