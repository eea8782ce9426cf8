// The services a test file's loaders, actions and jobs work with (the database and its kept reads, the
// configuration, the job queue, the log), as server/start.ts makes them once per server process and hands them to
// every request through the router context.
import { pino } from "pino";
import { RouterContextProvider } from "react-router";
import { type Services, servicesContext } from "~/core/context.server";
import type { DatabaseHandle } from "~/db/client.server";
import { type Env, parseEnv } from "~/lib/env.server";
import { detachedQueue, type JobQueue } from "~/lib/jobs.server";

let database: DatabaseHandle | undefined;
let queue: JobQueue = detachedQueue;
let env: Env = parseEnv();
const log = pino({ level: "silent" });

/** Called by openTestDatabase and startTestJobQueue. */
export function installTestServices(parts: { database?: DatabaseHandle; jobs?: JobQueue }) {
  if (parts.database) database = parts.database;
  if (parts.jobs) queue = parts.jobs;
}

/** This test file's configuration (the test environment of vitest.config.ts); a test may change its fields. */
export function testEnv(): Env {
  return env;
}

/** This test file's configuration from now on, e.g. `setTestEnv(parseEnv({ ...process.env, APP_URL: … }))`. */
export function setTestEnv(next: Env): Env {
  env = next;
  return env;
}

/** A log that writes nothing, for what a test builds itself. */
export function testLog() {
  return log;
}

/** This test file's services, with its configuration as it is now. */
export function testServices(): Services {
  if (!database) throw new Error("Open the test database first (openTestDatabase).");
  return { db: database.db, kept: database.kept, env, jobs: queue, log };
}

/** A request context carrying the test's services, as getLoadContext makes one. */
export function testContext(): RouterContextProvider {
  const context = new RouterContextProvider();
  if (database) context.set(servicesContext, testServices());
  return context;
}
