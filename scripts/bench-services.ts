// What a benchmark script hands the features, as server/start.ts makes it: the database at DATABASE_URL (or an
// in-memory PGlite), the configuration from the environment, no job queue, and a log of warnings only.
import { pino } from "pino";
import type { Services } from "../app/core/context.server.ts";
import { openDatabase } from "../app/db/client.server.ts";
import { parseEnv } from "../app/lib/env.server.ts";
import { detachedQueue } from "../app/lib/jobs.server.ts";

export function benchServices() {
  const dataDir = "memory://";
  const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  const services: Services = {
    db: handle.db,
    kept: handle.kept,
    env: parseEnv({ ...process.env, DATA_DIR: dataDir }),
    jobs: detachedQueue,
    log: pino({ level: "warn" }),
  };
  return { handle, services };
}
