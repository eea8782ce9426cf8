// The one start-up (ADR 048). From the configuration server/main.ts parsed, it makes what every loader, action
// and job works with, once per process: the database (migrated) and its kept reads, the embedded auth service,
// the job queue and the log, handed to requests through the router context (server/app.ts) and to jobs through
// their handler's arguments. It is bundled with the app, so every module it reaches is the app's own copy.
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import type { Logger } from "pino";
import type { Services } from "~/core/context.server";
import { openDatabase } from "~/db/client.server";
import { connect, disconnect } from "~/db/connection.server";
import { readDatabaseStatus, recordStart } from "~/db/meta.server";
import { detectPastAlerts } from "~/features/alerts/detect.server";
import { generatePendingReports } from "~/features/reports/generate.server";
import { closePdfBrowser } from "~/features/reports/pdf.server";
import type { Env } from "~/lib/env.server";
import { detachedQueue } from "~/lib/jobs.server";
import { authRouter } from "./auth-service/http.ts";
import { createAuthService } from "./auth-service/service.ts";
import { seedDemo, seedDemoTasks, seedDemoZones } from "./demo/seed.ts";
import { DEMO_PASSWORD, demoTeam } from "./demo/team.ts";
import { drainable } from "./drain.ts";
import { startJobQueue } from "./jobs/queue.ts";

export interface StartOptions {
  config: Env;
  log: Logger;
  /** The project folder: migrations (`drizzle/`) and PGlite's thread (`app/db/`) are found there. */
  root: string;
  version: string;
}

export interface Started {
  services: Services;
  /** The embedded auth service's routes, for /api/auth on the public listener; null with AUTH_SERVICE_URL. */
  authRoutes: express.Router | null;
  /** The demo team's password when this workspace has the demo (`created`: made by this start). */
  demo: { password: string; created: boolean } | null;
  databaseStatus(): ReturnType<typeof readDatabaseStatus>;
  /**
   * Once no request is at work any more: lets running jobs finish until `deadline` (ms since epoch, less 2 s
   * for the rest), then closes the PDF printer, the auth service's listener and the databases.
   */
  stop(deadline: number): Promise<void>;
}

export async function start({ config, log, root, version }: StartOptions): Promise<Started> {
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, root });
  await database.migrate();
  await recordStart(database, version);
  const { db, kept, driver } = database;
  log.info({ driver, dataDir: driver === "pglite" ? path.resolve(config.DATA_DIR) : undefined }, "database ready");

  // Without AUTH_SERVICE_URL the auth service runs here, and the app calls it over loopback HTTP like any remote
  // one, on a listener of its own that stays open while the public one drains (ADR 014). Its tables live in the
  // app's database unless AUTH_DATABASE_URL.
  const authConnection = config.authServiceUrl
    ? null
    : config.AUTH_DATABASE_URL
      ? connect({ databaseUrl: config.AUTH_DATABASE_URL, dataDir: config.DATA_DIR })
      : database.connection;
  const authService = authConnection
    ? createAuthService({
        connection: authConnection,
        limits: { perIp: config.AUTH_IP_LIMIT },
        serviceKey: config.authServiceKey,
      })
    : null;
  let authRoutes: express.Router | null = null;
  let authListener: ReturnType<typeof drainable> | null = null;
  if (authService) {
    await authService.migrate();
    authRoutes = authRouter(authService, log.child({ service: "kuzatuv-auth" }));
    const loopback = http.createServer(express().use("/api/auth", authRoutes));
    authListener = drainable(loopback);
    await new Promise<void>((resolve) => loopback.listen(0, "127.0.0.1", resolve));
    config.authServiceUrl = `http://127.0.0.1:${(loopback.address() as AddressInfo).port}/api/auth`;
  }

  const base = { db, kept, env: config, log };
  // A new embedded workspace outside production gets the demo data and team; SEED_DEMO=1 asks for them
  // anywhere (a single instance only: several starting at once on one new PostgreSQL would race).
  const demoWanted = Boolean(authService) && ((!config.DATABASE_URL && !config.isProduction) || config.SEED_DEMO);
  let demoCreated = false;
  if (authService && demoWanted && !(await authService.hasUsers())) {
    const started = Date.now();
    const seeded = await seedDemo(database.connection, { messages: config.SEED_MESSAGES });
    const team = (await authService.ensureDemoAccounts(demoTeam(seeded.projectIds))) ?? [];
    await seedDemoZones(database.connection, team);
    await seedDemoTasks(database.connection, seeded.projectIds, team);
    await generatePendingReports({ ...base, jobs: detachedQueue });
    demoCreated = true;
    log.info({ messages: seeded.messages, links: seeded.links, ms: Date.now() - started }, "demo workspace created");
  }

  // Background work (fetching sources, re-matching, imports, alerts, reports) on the app's database. A web
  // instance only sends jobs; the others run them, and look for due sources every 30 s unless COLLECTOR=off.
  const jobs = await startJobQueue({
    connection: database.connection,
    services: base,
    databaseUrl: config.DATABASE_URL,
    log: log.child({ component: "jobs" }),
    work: config.ROLE !== "web",
    collectEveryMs: config.COLLECTOR === "on" ? 30_000 : null,
    heartbeatSeconds: config.JOB_HEARTBEAT_SECONDS,
  });
  const services: Services = { ...base, jobs };

  // The demo's history has its unusual days: they become alerts and notifications, as if it had been watched.
  if (demoCreated) await detectPastAlerts(services, 90);

  return {
    services,
    authRoutes,
    demo: demoWanted ? { password: DEMO_PASSWORD, created: demoCreated } : null,
    databaseStatus: () => readDatabaseStatus(database),
    async stop(deadline) {
      // Jobs still running after this are failed, and run again once they expire (ADR 020).
      await jobs.stop(deadline - Date.now() - 2_000);
      await closePdfBrowser();
      await authListener?.drain();
      if (authConnection && authConnection !== database.connection) await disconnect(authConnection);
      await database.close();
    },
  };
}
