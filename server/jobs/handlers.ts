// Every background job: its name (listed in app/lib/jobs.server.ts), the app function that does it, and how
// the queue treats it. Adding a job is one entry here.
import type { QueuePolicy } from "pg-boss";
import type { Services } from "~/core/context.server";
import { deliverAlert } from "~/features/alerts/deliver.server";
import { detectAlerts } from "~/features/alerts/detect.server";
import { pollTelegramUpdates } from "~/features/alerts/telegram-link.server";
import { sendTelegramMessage } from "~/features/alerts/telegram-send.server";
import { deliverWebhook } from "~/features/alerts/webhooks.server";
import { rematchProject } from "~/features/projects/rematch.server";
import { runScheduledReport } from "~/features/reports/generate.server";
import { fetchSource } from "~/features/sources/collect.server";
import { runImport } from "~/features/sources/import.server";
import { deliverSupportRequest, SUPPORT_ATTEMPTS } from "~/features/support/deliver.server";
import type { JobName } from "~/lib/jobs.server";

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
  /**
   * Sends the queue heartbeats while it runs: a job whose process died is handed out again once they stop
   * (the queue's `heartbeatSeconds`), not only after `expireInSeconds`.
   */
  heartbeat?: true;
  retryLimit: number;
  /** Seconds before the first retry, doubling (with jitter) up to `retryDelayMax`; no delay when unset. */
  retryDelay?: number;
  retryDelayMax?: number;
}

export const jobs = {
  "fetch-source": {
    run: (services, data, signal) => fetchSource(services, String(data.sourceId), { signal }),
    policy: "exclusive",
    concurrency: 4,
    // A website fetch reads up to 50 pages, each with its own 30 s limit.
    expireInSeconds: 1_800,
    // A failed fetch is recorded and backed off by the runner, not retried by the queue.
    retryLimit: 0,
  },
  "rematch-project": {
    run: (services, data) => rematchProject(services, String(data.projectId)),
    policy: "stately",
    concurrency: 1,
    expireInSeconds: 3_600,
    retryLimit: 1,
  },
  "run-import": {
    run: (services, data, signal) => runImport(services, String(data.importId), signal),
    policy: "exclusive",
    concurrency: 1,
    // A process that died leaves the import running; its job is handed out again when the heartbeats stop,
    // and the import resumes after the last batch it stored. Each retry is one such death.
    heartbeat: true,
    expireInSeconds: 900,
    retryLimit: 3,
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
    run: (services, data, signal) => deliverSupportRequest(services, String(data.requestId), signal),
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
  "send-telegram": {
    run: (services, data, signal) => sendTelegramMessage(services, String(data.messageId), signal),
    // One attempt per message at a time, and one waiting: a failed attempt queues the next one itself, after
    // a 429's retry_after or a growing pause (ADR 045).
    policy: "stately",
    concurrency: 2,
    expireInSeconds: 60,
    // Only for a crash mid-attempt; Telegram's own failures are retried by the job.
    retryLimit: 2,
  },
  "poll-telegram": {
    run: (services, _data, signal) => pollTelegramUpdates(services, signal),
    // One poller across instances (Telegram answers a second getUpdates with 409), and one waiting so a code
    // issued as the poller finishes still gets one.
    policy: "stately",
    concurrency: 1,
    heartbeat: true,
    // Polls while a link code is open: at most 10 minutes after the last was issued.
    expireInSeconds: 900,
    retryLimit: 5,
    retryDelay: 2,
    retryDelayMax: 60,
  },
  "deliver-webhook": {
    run: (services, data, signal) => deliverWebhook(services, String(data.deliveryId), signal),
    // Like send-telegram: a failed attempt queues the next one after its pause.
    policy: "stately",
    concurrency: 2,
    expireInSeconds: 120,
    retryLimit: 2,
  },
} satisfies Record<JobName, JobDefinition>;
