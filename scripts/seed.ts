// `npm run seed`: re-creates the demo workspace's data in the configured database (the embedded one
// only while no server runs on it: DATA_DIR's lock says so). SEED_MESSAGES=1000000 makes a large set for benchmarks.
// Like server/main.ts it imports no app module from source: the work is the server bundle's `reseedDemo`
// (server/demo/reseed.ts), built first if missing (package.json).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { pino } from "pino";
import type { Env } from "~/lib/env.server";
import { DataDirLockedError, lockDataDir } from "../server/data-dir-lock.ts";

type ServerModule = typeof import("../server/app.ts");

const root = path.resolve(import.meta.dirname, "..");
const entry = path.join(root, "build/server/index.js");
if (!fs.existsSync(entry)) {
  console.error("No build found: run `npm run build` (npm run seed does this for you).");
  process.exit(1);
}
const bundle = (await import(pathToFileURL(entry).href)) as ServerModule;

let config: Env;
try {
  config = bundle.parseEnv();
  lockDataDir({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, "npm run seed");
} catch (error) {
  if (!(error instanceof bundle.EnvError) && !(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const made = await bundle.reseedDemo({ config, log: pino({ level: config.LOG_LEVEL }), root });
console.log(`${made.messages} messages, ${made.links} project links in ${(made.ms / 1000).toFixed(1)} s`);
