// Node entry: `node server/main.ts` serves the production build, `node server/main.ts --dev` runs Vite.
// It does the process's own work (ADR 001, 048): configuration, logging, HTTP (headers, static files, health,
// body limits, admission), signals and the drain. Everything the app runs on is made by the start-up module
// (server/start.ts), which travels in the server bundle with the app; so does the configuration's parser. This
// file imports no app module from source: the bundle's copies are the only ones.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { pino } from "pino";
import type { Env } from "~/lib/env.server";
import { admission } from "./admission.ts";
import { bodyLimit, MEGABYTE } from "./body-limit.ts";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";
import { drainable, inFlight } from "./drain.ts";
import { baseHeaders, precompressedAssets, requestLogging, securityHeaders } from "./http.ts";
import { logSerializers } from "./log-serializers.ts";
import { pageCache } from "./page-cache.ts";

type ServerModule = typeof import("./app.ts");

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };

// Our own settings (secrets, demo data) follow the NODE_ENV the operator gave; React and Express, which the
// bundle loads, pick their production code paths from NODE_ENV=production.
const operatorEnv = { ...process.env };
if (!dev) process.env.NODE_ENV = "production";

// The bundle: in dev, loaded through Vite, which evaluates changed modules anew on the next request.
const vite = dev ? await (await import("vite")).createServer({ server: { middlewareMode: true } }) : null;
const entry = path.join(root, "build/server/index.js");
if (!vite && !fs.existsSync(entry)) {
  console.error("No build found: run `npm run build` (npm start does this for you).");
  process.exit(1);
}
const loadBundle = async () =>
  (vite ? await vite.ssrLoadModule("./server/app.ts") : await import(pathToFileURL(entry).href)) as ServerModule;
const bundle = await loadBundle();

let config: Env;
try {
  config = bundle.parseEnv(operatorEnv);
  lockDataDir({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, "the Kuzatuv server");
} catch (error) {
  if (!(error instanceof bundle.EnvError) && !(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const serving = config.ROLE !== "worker";

const log = pino({ level: config.LOG_LEVEL, base: { service: "kuzatuv" }, serializers: logSerializers });
log.info(
  { node: process.version, version, mode: dev ? "dev" : "build", env: config.NODE_ENV, role: config.ROLE },
  "starting",
);

let started: Awaited<ReturnType<ServerModule["start"]>>;
try {
  started = await bundle.start({ config, log, root, version });
} catch (error) {
  log.fatal({ err: error }, "could not start: the database, the auth service or the job queue failed");
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
// Trust one proxy hop: the client IP is what that proxy saw, not what the client claims.
if (config.TRUST_PROXY) app.set("trust proxy", 1);
app.use(requestLogging(log));
app.use(baseHeaders(config.isProduction));
// Signed-out pages that are alike for everyone are kept, already compressed (ADR 038); not in dev, where code changes.
const keptPages = dev || !serving ? null : pageCache();
if (keptPages) app.use(keptPages.serve);
// Brotli's default window (4 MB) is allocated anew for every response: under load that cost more CPU than
// the compression itself. A 256 KB window holds any page we render, for the same size.
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));

if (vite && serving) app.use(vite.middlewares);
if (!vite && serving) {
  const assets = path.join(root, "build/client/assets");
  // Hashed names never change content: no validators or ranges, whose headers every page paid for on each of
  // its ~15 scripts (their bytes count against its JavaScript budget, ADR 013).
  const immutable = { immutable: true, maxAge: "1y", etag: false, lastModified: false, acceptRanges: false };
  app.use("/assets", precompressedAssets(assets), express.static(assets, immutable));
  // The few files beside the assets (the favicon): looked up by name, so a page request costs no disk lookup.
  const client = path.join(root, "build/client");
  const topFiles = new Set(fs.readdirSync(client).map((name) => `/${name}`));
  const serveTopFile = express.static(client, { maxAge: "1h", index: false });
  app.use((req, res, next) => (topFiles.has(req.path) ? serveTopFile(req, res, next) : next()));
}
// Everything below is a page or an API answer: it gets the page security headers.
app.use(securityHeaders({ dev }));

app.get("/healthz", (_req, res) => {
  res.json({ status: "ok", version, uptime: Math.round(process.uptime()) });
});
app.get("/readyz", async (_req, res) => {
  try {
    res.json({ status: "ok", version, database: await started.databaseStatus() });
  } catch (error) {
    log.warn({ err: error }, "readiness check failed");
    res.status(503).json({ status: "unavailable", version, database: "unreachable" });
  }
});

let handler = bundle.requestHandler(started.services);
// In dev, a module that changed was evaluated anew: a handler of the new bundle, on the same services.
let handlerOf = bundle;
const appHandler: express.RequestHandler = vite
  ? async (req, res, next) => {
      try {
        const fresh = await loadBundle();
        if (fresh !== handlerOf) [handler, handlerOf] = [fresh.requestHandler(started.services), fresh];
        await handler(req, res, next);
      } catch (error) {
        next(error);
      }
    }
  : handler;
const appRequests = inFlight(appHandler);

if (serving) {
  // The embedded auth service answers at /api/auth (SPEC §7) besides its own loopback listener.
  if (started.authRoutes) app.use("/api/auth", started.authRoutes);
  // Forms and webhook deliveries get 1 MB; a route taking uploads adds its own prefix here.
  app.use(bodyLimit({ "/": MEGABYTE, "/sources/*/import": 10 * MEGABYTE }, bundle.payloadTooLargePage));
  if (keptPages) app.use(keptPages.capture);
  app.use(admission(8));
  app.use(appRequests.handle);
} else {
  // A worker answers its health checks only.
  app.use((_req, res) => {
    res.status(404).type("text/plain").send("Not found: this instance is a worker (ROLE=worker)");
  });
}

// Last resort: a failure outside React Router's own error handling never shows a stack trace.
app.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
  log.error({ err: error, requestId: res.locals.requestId }, "unhandled error");
  if (res.headersSent) return next(error);
  res.status(500).type("text/plain").send(`Internal server error (request ${res.locals.requestId})`);
});

const server = app.listen(config.PORT, config.HOST, () => {
  const { port } = server.address() as AddressInfo;
  const wildcard = config.HOST === "0.0.0.0" || config.HOST === "::";
  log.info({ port, host: config.HOST, role: config.ROLE, authServiceUrl: config.authServiceUrl }, "listening");
  const where = `http://${wildcard ? "localhost" : config.HOST}:${port}/`;
  const lines = [
    serving ? `Kuzatuv ${version} is running at ${where}` : `Kuzatuv ${version} worker, health at ${where}`,
  ];
  if (started.demo && serving) {
    const { password, created } = started.demo;
    lines.push(`Demo sign-in${created ? " (created now)" : ""}: demo@kuzatuv.local / ${password}`);
    lines.push("Also manager@, analyst@ and viewer@kuzatuv.local, same password.");
  }
  console.log(`\n  ${lines.join("\n  ")}\n`);
});

const publicListener = drainable(server);

let stopping = false;
const DRAIN_BUDGET_MS = 25_000;
/**
 * Stop taking requests, finish those in flight (they may still call the auth service), let running jobs
 * finish in what is left of the budget, then close the database.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down: finishing in-flight requests and jobs");
  const deadline = Date.now() + DRAIN_BUDGET_MS;
  const forced = setTimeout(() => {
    log.error("in-flight requests and jobs did not finish within 25 s; exiting");
    process.exit(1);
  }, DRAIN_BUDGET_MS);
  forced.unref();
  try {
    await publicListener.drain();
    await appRequests.idle();
    await started.stop(deadline);
    log.info("stopped");
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, "error while stopping");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
