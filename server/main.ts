// Node entry: `node server/main.ts` serves the production build, `node server/main.ts --dev` runs Vite.
import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { pino } from "pino";
import { type Config, ConfigError, parseConfig } from "./config.ts";
import { baseHeaders, precompressedAssets, requestLogging, securityHeaders } from "./http.ts";

type ServerModule = typeof import("./app.ts");

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };

let config: Config;
try {
  config = parseConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// The bundle reads the same parsed configuration (see getConfig).
(globalThis as { __kuzatuvConfig?: Config }).__kuzatuvConfig = config;
// React and Express pick their production code paths from NODE_ENV; our own settings (secrets,
// demo data) follow the operator's NODE_ENV, parsed above.
if (!dev) process.env.NODE_ENV = "production";

const log = pino({ level: config.LOG_LEVEL, base: { service: "kuzatuv" } });
log.info({ node: process.version, version, mode: dev ? "dev" : "build", env: config.NODE_ENV }, "starting");

const app = express();
app.disable("x-powered-by");
if (config.TRUST_PROXY) app.set("trust proxy", true);
app.use(requestLogging(log));
app.use(baseHeaders(config.isProduction));
app.use(compression());

let serverModule: ServerModule;
let appHandler: express.RequestHandler;
if (dev) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  serverModule = (await viteServer.ssrLoadModule("./server/app.ts")) as ServerModule;
  appHandler = async (req, res, next) => {
    try {
      const fresh = (await viteServer.ssrLoadModule("./server/app.ts")) as ServerModule;
      fresh.app(req, res, next);
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
  app.use("/assets", precompressedAssets(assets), express.static(assets, { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(root, "build/client"), { maxAge: "1h", index: false }));
}
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
app.use(appHandler);

// Last resort: a failure outside React Router's own error handling never shows a stack trace.
app.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
  log.error({ err: error, requestId: res.locals.requestId }, "unhandled error");
  if (res.headersSent) return next(error);
  res.status(500).type("text/plain").send(`Internal server error (request ${res.locals.requestId})`);
});

try {
  const driver = await serverModule.startDatabase(version);
  log.info({ driver, dataDir: driver === "pglite" ? path.resolve(config.DATA_DIR) : undefined }, "database ready");
} catch (error) {
  log.fatal({ err: error }, "could not open or migrate the database");
  process.exit(1);
}

const server: Server = app.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  log.info({ port, host: config.HOST }, "listening");
  console.log(`\n  Kuzatuv ${version} is running at http://${host}:${port}/\n`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down: finishing in-flight requests");
  const forced = setTimeout(() => {
    log.error("in-flight requests did not finish within 25 s; exiting");
    process.exit(1);
  }, 25_000);
  forced.unref();
  server.close(async () => {
    try {
      await serverModule.closeDatabase();
      log.info("stopped");
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "error while closing the database");
      process.exit(1);
    }
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
