// The real job queue (pg-boss) on a test file's database, and a way to wait until it has nothing left to do.
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { type JobQueueOptions, startJobQueue } from "../../server/jobs/queue";
import { installTestServices, testEnv, testLog } from "./services";

/** Starts the queue on `handle`, with the collector loop off unless `collectEveryMs` is given. */
export async function startTestJobQueue(handle: DatabaseHandle, options: Partial<JobQueueOptions> = {}) {
  const queue = await startJobQueue({
    connection: handle.connection,
    services: { db: handle.db, kept: handle.kept, env: testEnv(), log: testLog() },
    databaseUrl:
      handle.connection.driver === "postgres" ? handle.connection.client.options.connectionString : undefined,
    log: testLog(),
    work: true,
    collectEveryMs: null,
    ...options,
  });
  installTestServices({ jobs: queue });
  return queue;
}

/** Resolves once no job is waiting or running (gives up after `timeoutMs`). */
export async function jobsSettled(handle: DatabaseHandle, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const result = (await handle.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`,
    )) as unknown as { rows: Array<{ n: number }> };
    if (result.rows[0]?.n === 0) return;
    if (Date.now() > until) throw new Error(`jobs still waiting or running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
