// The part of the server that is bundled with the app by Vite (see vite.config.ts), so it shares
// module instances (router contexts, database holder) with loaders and actions.

import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider } from "react-router";
import { servicesContext } from "../app/core/context.server.ts";
import { type DatabaseHandle, getDatabaseHandle, openDatabase, setDatabase } from "../app/db/client.server.ts";
import { readDatabaseStatus, recordStart } from "../app/db/meta.server.ts";
import { type Env, getEnv, setEnv } from "../app/lib/env.server.ts";
import { detachedQueue, getJobQueue, type JobQueue, jobQueueRunning, setJobQueue } from "../app/lib/jobs.server.ts";
import { requestInfoContext } from "../app/lib/request-info.ts";
import { withRequestTiming } from "../app/lib/timing.server.ts";

// The build itself, not a function returning it: given a function, React Router rebuilds its route
// tables and request handler on every request (meant for a build that may change; in dev, main.ts
// loads this module anew through Vite instead).
const handleRequest = createRequestHandler({
  build,
  getLoadContext(req, res) {
    const context = new RouterContextProvider();
    // Until the start-up module owns these (issue 28), they come from the holders it fills.
    context.set(servicesContext, {
      db: getDatabaseHandle().db,
      env: getEnv(),
      jobs: jobQueueRunning() ? getJobQueue() : detachedQueue,
    });
    context.set(requestInfoContext, {
      nonce: res.locals.nonce,
      requestId: res.locals.requestId,
      clientIp: req.ip ?? "unknown",
    });
    return context;
  },
});

/**
 * React Router's request handler, each request with its own timing record (Server-Timing); its promise
 * settles when the response is sent (see the drain in main.ts).
 */
export const app: typeof handleRequest = (req, res, next) => withRequestTiming(() => handleRequest(req, res, next));

/**
 * Hands the configuration parsed at start, the open database and the running job queue to this bundle's
 * copy of the app's modules (the bundle does not share module instances with server/main.ts).
 */
export function attach(env: Env, database?: DatabaseHandle, jobs?: JobQueue) {
  setEnv(env);
  if (database) setDatabase(database);
  if (jobs) setJobQueue(jobs);
}

/** Opens the database named by the configuration and applies pending migrations. */
export async function startDatabase(version: string, root: string) {
  const env = getEnv();
  const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, root });
  setDatabase(handle);
  await handle.migrate();
  await recordStart(version);
  return handle;
}

export const databaseStatus = readDatabaseStatus;

// The demo workspace travels in the bundle, so it uses the same schema and matcher modules as the app.
export { detectPastAlerts } from "../app/features/alerts/detect.server.ts";
export { generatePendingReports } from "../app/features/reports/generate.server.ts";
// The PDF printer's Chromium (one per process, launched by the first PDF), closed on shutdown.
export { closePdfBrowser } from "../app/features/reports/pdf.server.ts";
export { seedDemo, seedDemoTasks } from "./demo/seed.ts";
export { DEMO_PASSWORD, demoTeam } from "./demo/team.ts";
// The job queue too: its handlers are the app's feature functions, on the app's database.
export { startJobQueue } from "./jobs/queue.ts";
export { payloadTooLargePage } from "./payload-too-large.ts";

export async function closeDatabase() {
  await getDatabaseHandle().close();
  setDatabase(undefined);
}
