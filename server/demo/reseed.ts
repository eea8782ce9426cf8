// `npm run seed`'s work (scripts/seed.ts): the demo workspace's data made anew in the configured database, with the
// embedded auth service's demo team following the new project ids. Bundled with the app (server/app.ts), like the
// server's start-up, so the script imports no app module from source.
import type { Logger } from "pino";
import { openDatabase } from "~/db/client.server";
import { connect, disconnect } from "~/db/connection.server";
import { detectPastAlerts } from "~/features/alerts/detect.server";
import type { Env } from "~/lib/env.server";
import { detachedQueue } from "~/lib/jobs.server";
import { createAuthService } from "../auth-service/service.ts";
import { seedDemo, seedDemoTasks, seedDemoZones } from "./seed.ts";
import { demoTeam } from "./team.ts";

export async function reseedDemo({ config, log, root }: { config: Env; log: Logger; root: string }) {
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, root });
  const { connection } = database;
  const authConnection =
    config.AUTH_SERVICE_URL || !config.AUTH_DATABASE_URL
      ? null
      : connect({ databaseUrl: config.AUTH_DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const started = Date.now();
    const seeded = await seedDemo(connection, { messages: config.SEED_MESSAGES });
    const made = { messages: seeded.messages, links: seeded.links, ms: Date.now() - started };
    if (!config.AUTH_SERVICE_URL) {
      // The embedded auth service's demo team follows the new project ids (created if the workspace has no users).
      const auth = createAuthService({ connection: authConnection ?? connection });
      await auth.migrate();
      const team = demoTeam(seeded.projectIds);
      const created = await auth.ensureDemoAccounts(team);
      if (!created) await auth.assignProjects(Object.fromEntries(team.map((u) => [u.email, u.projectIds])));
      await seedDemoZones(connection, created ?? []);
      await seedDemoTasks(connection, seeded.projectIds, created ?? []);
    }
    // The demo's unusual days as alerts; the server's schedule delivers them (ADR 030).
    const services = { db: database.db, kept: database.kept, env: config, jobs: detachedQueue, log };
    await detectPastAlerts(services, 90);
    return made;
  } finally {
    if (authConnection) await disconnect(authConnection);
    await database.close();
  }
}
