// The job queue itself (pg-boss on the test file's PGlite): the collector loop, COLLECTOR=off, and a stop
// that lets the job in flight finish.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { fetchAttempts, sources } from "~/db/schema";
import { requestFetch } from "~/features/sources/collect.server";
import { aSource, openTestDatabase } from "../support/builders";
import { feedServerForFile } from "../support/feeds";
import { file } from "../support/fixture-server";
import { startTestJobQueue } from "../support/jobs";
import { testServices } from "../support/services";

const server = feedServerForFile();
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const dueFeed = (path: string) =>
  aSource(handle, { type: "rss", url: server.url(path), nextFetchAt: new Date(Date.now() - 60_000) });
const requestsFor = (path: string) => server.requests.filter((r) => r.path === path).length;
const until = async (condition: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("the job queue", () => {
  it("with the collector off, due sources wait; with it on, the loop fetches them by itself", async () => {
    const source = await dueFeed("/rss2.xml");
    const off = await startTestJobQueue(handle, { collectEveryMs: null });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await off.stop(1_000);
    expect(requestsFor("/rss2.xml")).toBe(0);

    const on = await startTestJobQueue(handle, { collectEveryMs: 100 });
    try {
      await until(() => requestsFor("/rss2.xml") === 1);
      await until(() => false, 300).catch(() => {});
      // Fetched once: the source is not due again for 15 minutes.
      expect(requestsFor("/rss2.xml")).toBe(1);
    } finally {
      await on.stop(5_000);
    }
    const [fetched] = await handle.db.select().from(sources).where(eq(sources.id, source.id));
    expect(fetched?.lastResult).toBe("ok");
  });

  it("stopping lets the fetch in flight finish and record itself, then detaches from the app", async () => {
    let answered = false;
    server.route(
      "/slow.xml",
      (req, res, url) =>
        void setTimeout(() => {
          answered = true;
          void file("atom.xml")(req, res, url);
        }, 1_000),
    );
    const source = await dueFeed("/slow.xml");
    const queue = await startTestJobQueue(handle);
    await requestFetch(testServices(), source.id);
    await until(() => requestsFor("/slow.xml") === 1);

    await queue.stop(10_000);
    expect(answered).toBe(true);
    const recorded = await handle.db.select().from(fetchAttempts).where(eq(fetchAttempts.sourceId, source.id));
    expect(recorded).toMatchObject([{ result: "ok", httpStatus: 200 }]);
  });
});
