/**
 * The app's door to the background job queue (pg-boss, run by `server/jobs/`). Loaders, actions and jobs put
 * work on it through `services.jobs`, the queue the server started (`app/` never imports `server/`).
 * A new job: its name here and its handler in `server/jobs/handlers.ts`.
 */
export type JobName =
  | "fetch-source"
  | "rematch-project"
  | "run-import"
  | "send-support-request"
  | "detect-alerts"
  | "deliver-alert"
  | "generate-report"
  | "send-telegram"
  | "poll-telegram"
  | "deliver-webhook";

export interface JobQueue {
  /**
   * Queues a job. With a singletonKey, a second job for the same key is not queued while one waits (each
   * job name's handler says whether one may also wait while another runs); then it answers null. With
   * `startAfter` (seconds), no worker takes it before then (a retry that must wait).
   */
  send(
    name: JobName,
    data: Record<string, unknown>,
    options?: { singletonKey?: string; startAfter?: number },
  ): Promise<string | null>;
}

/** The queue of a process that runs no jobs (a script such as the seed): nothing is queued. */
export const detachedQueue: JobQueue = { send: async () => null };
