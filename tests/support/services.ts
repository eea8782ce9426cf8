// The services a test file's loaders, actions and jobs work with (the database, the configuration, the job
// queue), as the server's start-up module hands them to every request through the router context.
import { RouterContextProvider } from "react-router";
import { type Services, servicesContext } from "~/core/context.server";
import type { DatabaseHandle } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { detachedQueue, type JobQueue } from "~/lib/jobs.server";

let database: DatabaseHandle | undefined;
let queue: JobQueue = detachedQueue;

/** Called by openTestDatabase and startTestJobQueue. */
export function installTestServices(parts: { database?: DatabaseHandle; jobs?: JobQueue }) {
  if (parts.database) database = parts.database;
  if (parts.jobs) queue = parts.jobs;
}

/** This test file's services; the configuration is read when asked, so a test's setEnv applies. */
export function testServices(): Services {
  if (!database) throw new Error("Open the test database first (openTestDatabase).");
  return { db: database.db, env: getEnv(), jobs: queue };
}

/** A request context carrying the test's services, as getLoadContext makes one. */
export function testContext(): RouterContextProvider {
  const context = new RouterContextProvider();
  if (database) context.set(servicesContext, testServices());
  return context;
}
