// Node entry: `node server/main.ts` serves the production build, `node server/main.ts --dev` runs Vite.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { pino } from "pino";
import { connect, disconnect } from "../app/db/connection.server.ts";
import { type Env, EnvError, parseEnv } from "../app/lib/env.server.ts";
import { detachedQueue } from "../app/lib/jobs.server.ts";
import { logSerializers } from "../app/lib/log-serializers.ts";
import { admission } from "./admission.ts";
import { authRouter } from "./auth-service/http.ts";
import { createAuthService } from "./auth-service/service.ts";
import { bodyLimit, MEGABYTE } from "./body-limit.ts";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";
import { drainable, inFlight } from "./drain.ts";
import { baseHeaders, precompressedAssets, requestLogging, securityHeaders } from "./http.ts";
import { pageCache } from "./page-cache.ts";

type ServerModule = typeof import("./app.ts");

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };

let config: Env;
try {
  config = parseEnv();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}
try {
  lockDataDir({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, "the Kuzatuv server");
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// React and Express pick their production code paths from NODE_ENV; our own settings (secrets,
// demo data) follow the operator's NODE_ENV, parsed above.
if (!dev) process.env.NODE_ENV = "production";

const log = pino({ level: config.LOG_LEVEL, base: { service: "kuzatuv" }, serializers: logSerializers });
log.info({ node: process.version, version, mode: dev ? "dev" : "build", env: config.NODE_ENV }, "starting");

const app = express();
app.disable("x-powered-by");
// Trust one proxy hop: the client IP is what that proxy saw, not what the client claims.
if (config.TRUST_PROXY) app.set("trust proxy", 1);
app.use(requestLogging(log));
app.use(baseHeaders(config.isProduction));
// Signed-out pages that are alike for everyone are kept, already compressed (ADR 038); not in dev, where code changes.
const keptPages = dev ? null : pageCache();
if (keptPages) app.use(keptPages.serve);
// Brotli's default window (4 MB) is allocated anew for every response: under load that cost more CPU than
// the compression itself. A 256 KB window holds any page we render, for the same size.
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));

let serverModule: ServerModule;
let appHandler: express.RequestHandler;
let database: Awaited<ReturnType<ServerModule["startDatabase"]>>;
let jobs: Awaited<ReturnType<ServerModule["startJobQueue"]>>;
if (dev) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  serverModule = (await viteServer.ssrLoadModule("./server/app.ts")) as ServerModule;
  appHandler = async (req, res, next) => {
    try {
      const fresh = (await viteServer.ssrLoadModule("./server/app.ts")) as ServerModule;
      // A module that changed was evaluated anew and has not seen the configuration or the database yet.
      fresh.attach(config, database, jobs);
      await fresh.app(req, res, next);
    } catch (error) {
      next(error);
    }
  };
} else {
  const entry = path.join(root, "build/server/index.js");
  if (!fs.existsSync(entry)) {
    log.fatal("No build found: run `npm run build` (npm start does this for you).");
    process.exit(1);
  }
  serverModule = (await import(pathToFileURL(entry).href)) as ServerModule;
  appHandler = serverModule.app;
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
serverModule.attach(config);
// Everything below is a page or an API answer: it gets the page security headers.
app.use(securityHeaders({ dev }));

app.get("/healthz", (_req, res) => {
  res.json({ status: "ok", version, uptime: Math.round(process.uptime()) });
});
app.get("/readyz", async (_req, res) => {
  try {
    res.json({ status: "ok", version, database: await serverModule.databaseStatus() });
  } catch (error) {
    log.warn({ err: error }, "readiness check failed");
    res.status(503).json({ status: "unavailable", version, database: "unreachable" });
  }
});
try {
  database = await serverModule.startDatabase(version, root);
  const driver = database.driver;
  log.info({ driver, dataDir: driver === "pglite" ? path.resolve(config.DATA_DIR) : undefined }, "database ready");
} catch (error) {
  log.fatal({ err: error }, "could not open or migrate the database");
  process.exit(1);
}

// Without AUTH_SERVICE_URL the auth service runs here, at /api/auth, and the app calls it over
// loopback HTTP like any remote one, on a listener of its own that stays open while the public one
// drains. Its tables live in the app's database unless AUTH_DATABASE_URL.
const embeddedAuth = config.authServiceUrl
  ? null
  : config.AUTH_DATABASE_URL
    ? connect({ databaseUrl: config.AUTH_DATABASE_URL, dataDir: config.DATA_DIR })
    : database.connection;
const authService = embeddedAuth
  ? createAuthService({
      connection: embeddedAuth,
      limits: { perIp: config.AUTH_IP_LIMIT },
      serviceKey: config.authServiceKey,
    })
  : null;
let authListener: ReturnType<typeof drainable> | null = null;
if (authService) {
  await authService.migrate();
  const routes = authRouter(authService, log.child({ service: "kuzatuv-auth" }));
  app.use("/api/auth", routes);
  const loopback = http.createServer(express().use("/api/auth", routes));
  authListener = drainable(loopback);
  await new Promise<void>((resolve) => loopback.listen(0, "127.0.0.1", resolve));
  config.authServiceUrl = `http://127.0.0.1:${(loopback.address() as AddressInfo).port}/api/auth`;
}

// Forms and webhook deliveries get 1 MB; a route taking uploads adds its own prefix here.
app.use(bodyLimit({ "/": MEGABYTE, "/sources/*/import": 10 * MEGABYTE }, serverModule.payloadTooLargePage));
if (keptPages) app.use(keptPages.capture);
app.use(admission(8));
const appRequests = inFlight(appHandler);
app.use(appRequests.handle);

// Last resort: a failure outside React Router's own error handling never shows a stack trace.
app.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
  log.error({ err: error, requestId: res.locals.requestId }, "unhandled error");
  if (res.headersSent) return next(error);
  res.status(500).type("text/plain").send(`Internal server error (request ${res.locals.requestId})`);
});

// A new embedded workspace outside production gets the demo data and team; SEED_DEMO=1 asks for them
// anywhere (a single instance only: several starting at once on one new PostgreSQL would race).
const demoWanted = Boolean(authService) && ((!config.DATABASE_URL && !config.isProduction) || config.SEED_DEMO);
let demoCreated = false;
if (authService && demoWanted && !(await authService.hasUsers())) {
  const started = Date.now();
  const seeded = await serverModule.seedDemo(database.connection, { messages: config.SEED_MESSAGES });
  const team = (await authService.ensureDemoAccounts(serverModule.demoTeam(seeded.projectIds))) ?? [];
  await serverModule.seedDemoTasks(database.connection, seeded.projectIds, team);
  await serverModule.generatePendingReports({ db: database.db, env: config, jobs: detachedQueue });
  demoCreated = true;
  log.info({ messages: seeded.messages, links: seeded.links, ms: Date.now() - started }, "demo workspace created");
}

// Background work (fetching sources, re-matching, imports) on the app's database; the collector loop
// looks for due sources every 30 s unless COLLECTOR=off.
jobs = await serverModule.startJobQueue({
  connection: database.connection,
  services: { db: database.db, env: config },
  databaseUrl: config.DATABASE_URL,
  log: log.child({ component: "jobs" }),
  collectEveryMs: config.COLLECTOR === "on" ? 30_000 : null,
  heartbeatSeconds: config.JOB_HEARTBEAT_SECONDS,
});

// The demo's history has its unusual days: they become alerts and notifications, as if it had been watched.
if (demoCreated) await serverModule.detectPastAlerts({ db: database.db, env: config, jobs }, 90);

const server = app.listen(config.PORT, config.HOST, () => {
  const { port } = server.address() as AddressInfo;
  const wildcard = config.HOST === "0.0.0.0" || config.HOST === "::";
  log.info({ port, host: config.HOST, authServiceUrl: config.authServiceUrl }, "listening");
  const lines = [`Kuzatuv ${version} is running at http://${wildcard ? "localhost" : config.HOST}:${port}/`];
  if (demoWanted) {
    lines.push(
      `Demo sign-in${demoCreated ? " (created now)" : ""}: demo@kuzatuv.local / ${serverModule.DEMO_PASSWORD}`,
    );
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
    // Jobs still running after this are failed, and run again once they expire (ADR 020).
    await jobs.stop(deadline - Date.now() - 2_000);
    await serverModule.closePdfBrowser();
    await authListener?.drain();
    if (embeddedAuth && embeddedAuth !== database.connection) await disconnect(embeddedAuth);
    await serverModule.closeDatabase();
    log.info("stopped");
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, "error while stopping");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
