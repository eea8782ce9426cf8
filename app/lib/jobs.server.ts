/**
 * The app's door to the background job queue (pg-boss, run by `server/jobs/`). Loaders and actions put
 * work on it; the server attaches the running queue at start (`app/` never imports `server/`).
 */
export type JobName = "fetch-source" | "rematch-project" | "run-import";

export interface JobQueue {
  /** Queues a job; with a singletonKey, a second one for the same key is not queued while one waits. */
  send(name: JobName, data: Record<string, unknown>, options?: { singletonKey?: string }): Promise<string | null>;
}

let queue: JobQueue | undefined;

export function setJobQueue(next: JobQueue | undefined) {
  queue = next;
}

export function getJobQueue(): JobQueue {
  if (!queue) throw new Error("The job queue has not been started");
  return queue;
}
