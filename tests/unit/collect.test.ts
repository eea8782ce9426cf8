// The collector runner against the real feed collector and a loopback fixture server: what a fetch records
// on the source and in its history, backoff and `failing`, paused sources and "Fetch now".
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { fetchAttempts, messageProjects, sources } from "~/db/schema";
import {
  ATTEMPTS_KEPT,
  fetchSource,
  nextFetchDelayMs,
  queueDueSources,
  requestFetch,
} from "~/features/sources/collect.server";
import type { RunningJobQueue } from "../../server/jobs/queue";
import { aProject, aSource, openTestDatabase } from "../support/builders";
import { feedServerForFile } from "../support/feeds";
import { FIXTURE_LAST_MODIFIED, file, status } from "../support/fixture-server";
import { jobsSettled, startTestJobQueue } from "../support/jobs";
import { testServices } from "../support/services";

const server = feedServerForFile();
let handle: DatabaseHandle;
let queue: RunningJobQueue;
let project: { id: string };
const MINUTE = 60_000;

beforeAll(async () => {
  handle = await openTestDatabase();
  queue = await startTestJobQueue(handle);
  project = await aProject(handle, { keywords: ["Nurbank"] });
});
afterAll(async () => {
  await queue.stop(1_000);
  await handle.close();
});

const aDueFeed = (path: string, values: Partial<typeof sources.$inferInsert> = {}) =>
  aSource(handle, { type: "rss", url: server.url(path), nextFetchAt: new Date(Date.now() - MINUTE), ...values });
const reload = async (id: string) => (await handle.db.select().from(sources).where(eq(sources.id, id)))[0]!;
const makeDue = (id: string) =>
  handle.db
    .update(sources)
    .set({ nextFetchAt: new Date(Date.now() - MINUTE) })
    .where(eq(sources.id, id));
const attempts = (id: string) =>
  handle.db.select().from(fetchAttempts).where(eq(fetchAttempts.sourceId, id)).orderBy(desc(fetchAttempts.startedAt));
const requestsFor = (path: string) => server.requests.filter((r) => r.path === path).length;

describe("fetching a source", () => {
  it("stores the new items as matched mentions, records the attempt and schedules the next fetch", async () => {
    const source = await aDueFeed("/rss2.xml", { pollIntervalMinutes: 30 });
    await fetchSource(testServices(), source.id);

    const fetched = await reload(source.id);
    expect(fetched).toMatchObject({
      status: "active",
      lastResult: "ok",
      lastError: null,
      lastNewItems: 3,
      failureCount: 0,
      lastModified: FIXTURE_LAST_MODIFIED,
      fetchRequestedAt: null,
    });
    expect(fetched.etag).toMatch(/^"/);
    expect(fetched.nextFetchAt.getTime() - (fetched.lastFetchedAt as Date).getTime()).toBe(30 * MINUTE);
    const [attempt] = await attempts(source.id);
    expect(attempt).toMatchObject({ result: "ok", httpStatus: 200, newItems: 3, duplicateItems: 0, error: null });
    expect(attempt?.durationMs).toBeGreaterThanOrEqual(0);
    const linked = await handle.db.select().from(messageProjects).where(eq(messageProjects.projectId, project.id));
    expect(linked.length).toBeGreaterThan(0);
  });

  it("asks again with the validators it got; a 304 is 'not modified', stores nothing and keeps them", async () => {
    const source = await aDueFeed("/atom.xml");
    await fetchSource(testServices(), source.id);
    const first = await reload(source.id);
    await makeDue(source.id);
    await fetchSource(testServices(), source.id);

    const sent = server.requests.filter((r) => r.path === "/atom.xml").at(-1);
    expect(sent?.headers["if-none-match"]).toBe(first.etag);
    expect(await reload(source.id)).toMatchObject({
      lastResult: "not_modified",
      lastNewItems: 0,
      etag: first.etag,
      lastModified: FIXTURE_LAST_MODIFIED,
    });
    expect((await attempts(source.id)).map((a) => [a.result, a.httpStatus])).toEqual([
      ["not_modified", 304],
      ["ok", 200],
    ]);
  });

  it("backs off after each failure, turns failing after five in a row, and is active again after a success", async () => {
    let broken = true;
    server.route("/flaky.xml", (req, res, url) =>
      broken ? status(503)(req, res, url) : file("rss2.xml")(req, res, url),
    );
    const source = await aDueFeed("/flaky.xml", { pollIntervalMinutes: 15 });
    for (let failures = 1; failures <= 5; failures++) {
      await makeDue(source.id);
      await fetchSource(testServices(), source.id);
      const failed = await reload(source.id);
      expect(failed).toMatchObject({ failureCount: failures, lastResult: "error" });
      expect(failed.status).toBe(failures < 5 ? "active" : "failing");
      expect(failed.lastError).toContain("503");
      expect(failed.nextFetchAt.getTime() - (failed.lastFetchedAt as Date).getTime()).toBe(15 * 2 ** failures * MINUTE);
    }
    expect((await attempts(source.id))[0]).toMatchObject({ result: "error", httpStatus: 503 });

    broken = false;
    await makeDue(source.id);
    await fetchSource(testServices(), source.id);
    expect(await reload(source.id)).toMatchObject({
      status: "active",
      failureCount: 0,
      lastError: null,
      lastResult: "ok",
    });
  });

  it("waits at most a day, whatever the interval and the failures", () => {
    expect(nextFetchDelayMs(15, 0)).toBe(15 * MINUTE);
    expect(nextFetchDelayMs(1, 0)).toBe(5 * MINUTE);
    expect(nextFetchDelayMs(720, 1)).toBe(24 * 60 * MINUTE);
    expect(nextFetchDelayMs(15, 40)).toBe(24 * 60 * MINUTE);
  });

  it("keeps the last 50 attempts of a source", async () => {
    server.route("/gone.xml", status(404));
    const source = await aDueFeed("/gone.xml");
    const old = Array.from({ length: ATTEMPTS_KEPT }, (_, i) => ({
      sourceId: source.id,
      startedAt: new Date(Date.now() - (i + 1) * 3_600_000),
      durationMs: 5,
      result: "ok" as const,
    }));
    await handle.db.insert(fetchAttempts).values(old);
    await fetchSource(testServices(), source.id);

    const kept = await attempts(source.id);
    expect(kept).toHaveLength(ATTEMPTS_KEPT);
    expect(kept[0]).toMatchObject({ result: "error", httpStatus: 404 });
    // The oldest one went.
    expect(kept.at(-1)?.startedAt.getTime()).toBe(old.at(-2)?.startedAt.getTime());
  });
});

describe("which sources are fetched", () => {
  it("the loop queues due active and failing feeds only; a source fetched since it was queued is skipped", async () => {
    await handle.db.execute(sql`UPDATE sources SET next_fetch_at = now() + interval '1 hour'`);
    const due = await aDueFeed("/rss1-rdf.xml");
    const failing = await aDueFeed("/feed.json", { status: "failing", failureCount: 5 });
    const paused = await aDueFeed("/rss2.xml?paused", { status: "paused" });
    await aSource(handle, { type: "manual", url: null, nextFetchAt: new Date(Date.now() - MINUTE) });
    await aDueFeed("/broken.xml", { nextFetchAt: new Date(Date.now() + MINUTE) });

    expect(await queueDueSources(testServices())).toBe(2);
    await jobsSettled(handle);
    expect((await reload(due.id)).lastResult).toBe("ok");
    expect((await reload(failing.id)).status).toBe("active");
    expect((await reload(paused.id)).lastFetchedAt).toBeNull();
    expect(requestsFor("/broken.xml")).toBe(0);

    // Queued again by a slower instance after it was fetched: not due any more, so not fetched again.
    const before = requestsFor("/rss1-rdf.xml");
    await fetchSource(testServices(), due.id);
    expect(requestsFor("/rss1-rdf.xml")).toBe(before);
  });

  it("'Fetch now' fetches at once, even a paused source, which stays paused; it marks the source until done", async () => {
    server.route("/slow.xml", (req, res, url) => void setTimeout(() => file("rss2.xml")(req, res, url), 500));
    const paused = await aDueFeed("/slow.xml", { status: "paused", nextFetchAt: new Date(Date.now() + 60 * MINUTE) });
    expect(await requestFetch(testServices(), paused.id)).toBe(true);
    // Marked while queued and running (the screen shows it), cleared when the attempt is recorded.
    expect((await reload(paused.id)).fetchRequestedAt).toBeInstanceOf(Date);
    await jobsSettled(handle);
    expect(await reload(paused.id)).toMatchObject({ status: "paused", lastResult: "ok", fetchRequestedAt: null });
    expect(requestsFor("/slow.xml")).toBe(1);

    const manual = await aSource(handle, { type: "manual", url: null });
    expect(await requestFetch(testServices(), manual.id)).toBe(false);
  });
});
