// What a benchmark script hands the features, as server/start.ts makes it: the database at DATABASE_URL (or an
// in-memory PGlite), the configuration from the environment, no job queue, and a log of warnings only.
import { pino } from "pino";
import type { Services } from "~/core/context.server";
import { openDatabase } from "~/db/client.server";
import { parseEnv } from "~/lib/env.server";
import { detachedQueue } from "~/lib/jobs.server";

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
