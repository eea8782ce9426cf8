// The collector runner: one fetch of one source (the "fetch-source" job), its bookkeeping (attempt history,
// backoff, failing after five failures in a row), the collector loop's choice of due sources, and "Fetch now".
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { fetchAttempts, sources } from "~/db/schema";
import { collectorFor } from "./collectors/index.server";
import { CollectError, type CollectorSource } from "./collectors/types";
import { ingest } from "./ingest.server";

/** Source types a collector fetches; webhook and manual sources are delivered to. */
export const COLLECTED_TYPES = ["rss", "atom", "telegram", "website"] as const;
export const MIN_INTERVAL_MINUTES = 5;
export const MAX_INTERVAL_MINUTES = 24 * 60;
export const FAILING_AFTER = 5;
export const ATTEMPTS_KEPT = 50;
const DUE_PER_SCAN = 200;

type CollectedType = (typeof COLLECTED_TYPES)[number];
const isCollected = (type: string): type is CollectedType => (COLLECTED_TYPES as readonly string[]).includes(type);

/** The wait before the next fetch: the interval, doubled per failure in a row, at most a day. */
export function nextFetchDelayMs(intervalMinutes: number, failures: number) {
  const interval = Math.min(MAX_INTERVAL_MINUTES, Math.max(MIN_INTERVAL_MINUTES, intervalMinutes));
  return Math.min(MAX_INTERVAL_MINUTES, interval * 2 ** Math.min(failures, 20)) * 60_000;
}

/**
 * Fetches the source once, if it is still due (another instance may have fetched it since it was queued)
 * or a fetch was asked for; a paused source only on request. Never throws for the source's own failures:
 * they are recorded on the source and in its history.
 */
export async function fetchSource(services: Services, sourceId: string, options: { signal?: AbortSignal } = {}) {
  const { db } = services;
  const [source] = await db.select().from(sources).where(eq(sources.id, sourceId));
  if (!source || !isCollected(source.type) || !source.url) return;
  const started = new Date();
  const due = source.status !== "paused" && source.nextFetchAt <= started;
  if (!due && !source.fetchRequestedAt) return;

  const input: CollectorSource = {
    id: source.id,
    type: source.type,
    url: source.url,
    language: source.language,
    etag: source.etag,
    lastModified: source.lastModified,
    collectorState: source.collectorState,
  };
  let attempt: Omit<typeof fetchAttempts.$inferInsert, "sourceId" | "startedAt" | "durationMs">;
  let update: Partial<typeof sources.$inferInsert>;
  try {
    const result = await collectorFor(source.type)(services, input, options);
    const counts = result.notModified ? { new: 0, duplicate: 0 } : await ingest(services, source.id, result.items);
    const outcome = result.notModified ? "not_modified" : "ok";
    attempt = {
      httpStatus: result.httpStatus,
      result: outcome,
      newItems: counts.new,
      duplicateItems: counts.duplicate,
    };
    update = {
      lastResult: outcome,
      lastError: null,
      lastNewItems: counts.new,
      failureCount: 0,
      status: source.status === "paused" ? "paused" : "active",
      // A 304 may leave the validators out; the ones that earned it still hold.
      etag: result.notModified ? (result.etag ?? source.etag) : result.etag,
      lastModified: result.notModified ? (result.lastModified ?? source.lastModified) : result.lastModified,
      ...(result.collectorState ? { collectorState: result.collectorState } : {}),
    };
  } catch (error) {
    // Stopped by the server shutting down: not the source's failure; the job runs again elsewhere or later.
    if (options.signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const failures = source.failureCount + 1;
    attempt = { httpStatus: error instanceof CollectError ? error.httpStatus : null, result: "error", error: message };
    update = {
      lastResult: "error",
      lastError: message,
      lastNewItems: 0,
      failureCount: failures,
      status: source.status === "paused" ? "paused" : failures >= FAILING_AFTER ? "failing" : source.status,
    };
  }
  const finished = new Date();
  const failures = update.failureCount ?? 0;
  await db.transaction(async (tx) => {
    await tx.insert(fetchAttempts).values({
      ...attempt,
      sourceId: source.id,
      startedAt: started,
      durationMs: finished.getTime() - started.getTime(),
    });
    await tx.execute(
      sql`DELETE FROM fetch_attempts WHERE source_id = ${source.id} AND id NOT IN (
            SELECT id FROM fetch_attempts WHERE source_id = ${source.id} ORDER BY started_at DESC LIMIT ${ATTEMPTS_KEPT})`,
    );
    await tx
      .update(sources)
      .set({
        ...update,
        lastFetchedAt: finished,
        fetchRequestedAt: null,
        nextFetchAt: new Date(finished.getTime() + nextFetchDelayMs(source.pollIntervalMinutes, failures)),
        updatedAt: finished,
      })
      .where(eq(sources.id, source.id));
  });
}

/** The collector loop's step: queues a fetch of every source that is due (one job per source at a time). */
export async function queueDueSources({ db, jobs }: Services, now = new Date()) {
  const due = await db
    .select({ id: sources.id })
    .from(sources)
    .where(
      and(
        inArray(sources.status, ["active", "failing"]),
        inArray(sources.type, [...COLLECTED_TYPES]),
        lte(sources.nextFetchAt, now),
      ),
    )
    .orderBy(asc(sources.nextFetchAt))
    .limit(DUE_PER_SCAN);
  for (const { id } of due) await jobs.send("fetch-source", { sourceId: id }, { singletonKey: id });
  return due.length;
}

/**
 * "Fetch now": marks the source as waiting for a fetch and queues it, paused or not, collector loop on or
 * off. False for a source no collector reads.
 */
export async function requestFetch({ db, jobs }: Services, sourceId: string) {
  const [marked] = await db
    .update(sources)
    .set({ fetchRequestedAt: sql`coalesce(${sources.fetchRequestedAt}, now())` })
    .where(and(eq(sources.id, sourceId), inArray(sources.type, [...COLLECTED_TYPES])))
    .returning({ id: sources.id });
  if (!marked) return false;
  await jobs.send("fetch-source", { sourceId }, { singletonKey: sourceId });
  return true;
}
