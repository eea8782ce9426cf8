// `npm run seed`: re-creates the demo workspace's data in the configured database (the embedded one
// only while no server runs on it: DATA_DIR's lock says so). SEED_MESSAGES=1000000 makes a large set for benchmarks.

import path from "node:path";
import { pino } from "pino";
import { openDatabase } from "../app/db/client.server.ts";
import { connect } from "../app/db/connection.server.ts";
import { detectPastAlerts } from "../app/features/alerts/detect.server.ts";
import { EnvError, parseEnv } from "../app/lib/env.server.ts";
import { detachedQueue } from "../app/lib/jobs.server.ts";
import { createAuthService } from "../server/auth-service/service.ts";
import { DataDirLockedError, lockDataDir } from "../server/data-dir-lock.ts";
import { seedDemo, seedDemoTasks } from "../server/demo/seed.ts";
import { demoTeam } from "../server/demo/team.ts";

let config: ReturnType<typeof parseEnv>;
try {
  config = parseEnv();
  lockDataDir({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, "npm run seed");
} catch (error) {
  if (!(error instanceof EnvError) && !(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, "..");
const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, root });
const { connection } = database;
try {
  await database.migrate();
  const started = Date.now();
  const seeded = await seedDemo(connection, { messages: config.SEED_MESSAGES });
  console.log(
    `${seeded.messages} messages, ${seeded.links} project links in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (!config.AUTH_SERVICE_URL) {
    // The embedded auth service's demo team follows the new project ids (created if the workspace has no users).
    const auth = createAuthService({
      connection: config.AUTH_DATABASE_URL
        ? connect({ databaseUrl: config.AUTH_DATABASE_URL, dataDir: config.DATA_DIR })
        : connection,
    });
    await auth.migrate();
    const team = demoTeam(seeded.projectIds);
    const created = await auth.ensureDemoAccounts(team);
    if (!created) await auth.assignProjects(Object.fromEntries(team.map((u) => [u.email, u.projectIds])));
    await seedDemoTasks(connection, seeded.projectIds, created ?? []);
  }
  // The demo's unusual days as alerts; the server's schedule delivers them (ADR 030).
  const log = pino({ level: config.LOG_LEVEL });
  await detectPastAlerts({ db: database.db, kept: database.kept, env: config, jobs: detachedQueue, log }, 90);
} finally {
  await database.close();
}
