// Every background job: its name (listed in app/lib/jobs.server.ts), the app function that does it, and how
// the queue treats it. Adding a job is one entry here.
import type { QueuePolicy } from "pg-boss";
import type { Services } from "../../app/core/context.server.ts";
import { deliverAlert } from "../../app/features/alerts/deliver.server.ts";
import { detectAlerts } from "../../app/features/alerts/detect.server.ts";
import { rematchProject } from "../../app/features/projects/rematch.server.ts";
import { runScheduledReport } from "../../app/features/reports/generate.server.ts";
import { fetchSource } from "../../app/features/sources/collect.server.ts";
import { runImport } from "../../app/features/sources/import.server.ts";
import { deliverSupportRequest, SUPPORT_ATTEMPTS } from "../../app/features/support/deliver.server.ts";
import type { JobName } from "../../app/lib/jobs.server.ts";

export interface JobDefinition {
  /** The job's work, with the services the process started with (the same the loaders get). */
  run(services: Services, data: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
  /**
   * With a singletonKey: `exclusive`, one job per key queued or running; `stately`, one running and one
   * waiting (work that must see changes made while it runs, such as new rules).
   */
  policy: QueuePolicy;
  /** How many run at once in one server process. */
  concurrency: number;
  /** Seconds a job may run before the queue gives it up (and another instance may take it again). */
  expireInSeconds: number;
  retryLimit: number;
  /** Seconds before the first retry, doubling (with jitter) up to `retryDelayMax`; no delay when unset. */
  retryDelay?: number;
  retryDelayMax?: number;
}

export const jobs = {
  "fetch-source": {
    run: (_services, data, signal) => fetchSource(String(data.sourceId), { signal }),
    policy: "exclusive",
    concurrency: 4,
    // A website fetch reads up to 50 pages, each with its own 30 s limit.
    expireInSeconds: 1_800,
    // A failed fetch is recorded and backed off by the runner, not retried by the queue.
    retryLimit: 0,
  },
  "rematch-project": {
    run: (_services, data) => rematchProject(String(data.projectId)),
    policy: "stately",
    concurrency: 1,
    expireInSeconds: 3_600,
    retryLimit: 1,
  },
  "run-import": {
    run: (_services, data) => runImport(String(data.importId)),
    policy: "exclusive",
    concurrency: 1,
    // 10 MB of rows through the pipeline takes well under a minute; a process that died leaves the import
    // running, and the job handed out again after expiry starts it over (duplicates are recognised).
    expireInSeconds: 900,
    retryLimit: 1,
  },
  "detect-alerts": {
    run: (services, data) => detectAlerts(services, String(data.projectId)),
    // Mentions that arrive while a detection runs must be looked at again.
    policy: "stately",
    concurrency: 1,
    expireInSeconds: 300,
    retryLimit: 2,
  },
  "deliver-alert": {
    run: (services, data) => deliverAlert(services, String(data.alertId)),
    // One delivery per alert at a time, so no e-mail goes out twice; a retry sends only what is missing.
    policy: "exclusive",
    concurrency: 2,
    expireInSeconds: 600,
    retryLimit: 5,
  },
  "send-support-request": {
    run: (_services, data, signal) => deliverSupportRequest(String(data.requestId), signal),
    policy: "exclusive",
    concurrency: 2,
    expireInSeconds: 60,
    // Telegram down: tried again after about 1, 2, 4 … seconds, then every 15 minutes.
    retryLimit: SUPPORT_ATTEMPTS - 1,
    retryDelay: 1,
    retryDelayMax: 900,
  },
  "generate-report": {
    run: (services, data) => runScheduledReport(services, String(data.reportId)),
    policy: "exclusive",
    concurrency: 1,
    // The snapshot's queries, a PDF and an e-mail.
    expireInSeconds: 600,
    // A failure (the database, the browser, the mail server) is recorded on the report and tried again twice.
    retryLimit: 2,
  },
} satisfies Record<JobName, JobDefinition>;
