// The one job queue: pg-boss on the app's own database, PGlite through pg-boss's adapter or PostgreSQL
// through a small pool of its own; the same code otherwise. On PostgreSQL pg-boss claims jobs with
// SKIP LOCKED, so several instances share the work and never run one job twice at once. See ADR 020; a web
// instance (ROLE=web, ADR 048) only sends jobs, and worker instances run them.
import { fromPglite, PgBoss } from "pg-boss";
import type { Logger } from "pino";
import type { Services } from "~/core/context.server";
import type { Connection } from "~/db/connection.server";
import { queueAlertBackstop } from "~/features/alerts/detect.server";
import { queueDueReports } from "~/features/reports/generate.server";
import { queueDueSources } from "~/features/sources/collect.server";
import type { JobName, JobQueue } from "~/lib/jobs.server";
import { type JobDefinition, jobs } from "./handlers.ts";

const ALERT_BACKSTOP_MS = 15 * 60_000;

export interface JobQueueOptions {
  connection: Connection;
  /** What the jobs work with; the queue itself completes them. */
  services: Omit<Services, "jobs">;
  /** The PostgreSQL URL of `connection`, for pg-boss's own pool. */
  databaseUrl?: string;
  log: Logger;
  /**
   * Whether this process runs jobs and the loops (collector, scheduled reports, alert backstop); false for
   * ROLE=web, which only sends jobs for the workers.
   */
  work: boolean;
  /** How often the collector loop looks for due sources; null when COLLECTOR=off. */
  collectEveryMs: number | null;
  /**
   * Jobs with `heartbeat` in the registry are handed out again after this long without one (at least 10;
   * default 20). The queue looks for such jobs, and for expired ones, every half of it.
   */
  heartbeatSeconds?: number;
}

export interface RunningJobQueue extends JobQueue {
  /**
   * Takes no new jobs, lets those running finish for at most `timeoutMs` (then they are failed, to be run
   * again after they expire).
   */
  stop(timeoutMs: number): Promise<void>;
}

export async function startJobQueue({
  connection,
  services,
  databaseUrl,
  log,
  work,
  collectEveryMs,
  heartbeatSeconds = 20,
}: JobQueueOptions): Promise<RunningJobQueue> {
  // pg-boss supervises (expiry, lost heartbeats) every 60 s by default: an import cut off by a crash would
  // wait up to two minutes after its heartbeats stopped.
  const supervise = Math.ceil(heartbeatSeconds / 2);
  // A sender needs neither LISTEN (a job it sends still notifies the workers) nor the supervision of expired jobs.
  const common = {
    schedule: false,
    registerInstance: false,
    supervise: work,
    useListenNotify: work,
    superviseIntervalSeconds: supervise,
    monitorIntervalSeconds: supervise,
  } as const;
  const boss =
    connection.driver === "pglite"
      ? new PgBoss({ ...common, db: fromPglite(connection.client), backend: "pglite" })
      : new PgBoss({ ...common, connectionString: databaseUrl, max: work ? 4 : 2, application_name: "kuzatuv-jobs" });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  await boss.start();
  const send: RunningJobQueue["send"] = (name, data, options) => boss.send(name, data, options);
  const jobServices: Services = { ...services, jobs: { send } };

  for (const [name, job] of Object.entries(jobs) as Array<[JobName, JobDefinition]>) {
    const { policy, expireInSeconds, retryLimit, retryDelay, retryDelayMax, concurrency } = job;
    const backoff = retryDelay === undefined ? {} : { retryDelay, retryDelayMax, retryBackoff: true };
    const settings = {
      expireInSeconds,
      retryLimit,
      ...backoff,
      ...("heartbeat" in job ? { heartbeatSeconds } : {}),
      notify: true,
    };
    await boss.createQueue(name, { policy, ...settings });
    // createQueue leaves a queue made by an earlier version as it was: the registry's settings apply anew.
    await boss.updateQueue(name, settings);
    if (!work) continue;
    // A job queued while every worker is busy gets no notification when one frees up: the backstop poll
    // (pg-boss's default with LISTEN/NOTIFY is 30 s) bounds how long it can wait.
    const polling = { batchSize: 1, notifyPollingIntervalSeconds: 5 };
    await boss.work(name, { localConcurrency: concurrency, ...polling }, async ([claimed]) => {
      if (!claimed) return;
      const started = Date.now();
      try {
        await job.run(jobServices, claimed.data as Record<string, unknown>, claimed.signal);
        log.debug({ job: name, id: claimed.id, ms: Date.now() - started }, "job done");
      } catch (error) {
        log.error({ err: error, job: name, id: claimed.id }, "job failed");
        throw error;
      }
    });
  }

  // The collector loop: every instance looks for due sources; each source gets one job at a time whoever
  // queues it (singletonKey), and one instance claims it. Scheduled reports that came due are queued by the
  // same loop (each once: see queueDueReports).
  let scanning: Promise<unknown> = Promise.resolve();
  const scan = () => {
    scanning = Promise.all([
      queueDueSources(jobServices).catch((error) => log.error({ err: error }, "collector loop failed")),
      queueDueReports(jobServices).catch((error) => log.error({ err: error }, "report schedule failed")),
    ]);
  };
  const looping = work && collectEveryMs !== null;
  const loop = looping ? setInterval(scan, collectEveryMs) : null;
  // Alerts are detected as mentions arrive; this backstop catches what a lost job or a late day missed.
  let checking: Promise<unknown> = Promise.resolve();
  const checkAlerts = () => {
    checking = queueAlertBackstop(jobServices).catch((error) => log.error({ err: error }, "alert backstop failed"));
  };
  const alertLoop = looping ? setInterval(checkAlerts, ALERT_BACKSTOP_MS) : null;

  const queue: RunningJobQueue = {
    send,
    async stop(timeoutMs) {
      if (loop) clearInterval(loop);
      if (alertLoop) clearInterval(alertLoop);
      await Promise.all([scanning, checking]);
      await boss.stop({ graceful: true, timeout: timeoutMs });
    },
  };
  if (loop) scan();
  if (work) log.info({ jobs: Object.keys(jobs), collector: loop ? "on" : "off" }, "job queue started");
  else log.info("job queue started to send jobs only (ROLE=web)");
  return queue;
}
