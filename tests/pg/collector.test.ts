// Two collector loops (two job queues, each with its own pool, as two server instances would have) on one
// PostgreSQL database: every due source is fetched exactly once, however their scans and claims interleave.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { RunningJobQueue } from "../../server/jobs/queue";
import { aSource, openTestDatabase } from "../support/builders";
import { feedServerForFile } from "../support/feeds";
import { file } from "../support/fixture-server";
import { startTestJobQueue } from "../support/jobs";

const SOURCES = 24;
const server = feedServerForFile();
let handle: DatabaseHandle;
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set: run `npm run test:pg`.");
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe("two collector loops on one PostgreSQL database", () => {
  it("never fetch the same source twice", async () => {
    // Each feed answers after a while, so both instances have fetches in flight at once.
    for (let i = 0; i < SOURCES; i++) {
      server.route(`/feed-${i}.xml`, (req, res, url) => void setTimeout(() => file("rss2.xml")(req, res, url), 150));
      await aSource(handle, { type: "rss", url: server.url(`/feed-${i}.xml`), nextFetchAt: new Date(Date.now() - 1) });
    }
    const queues: RunningJobQueue[] = [];
    try {
      for (let n = 0; n < 2; n++) queues.push(await startTestJobQueue(handle, { collectEveryMs: 50 }));
      const deadline = Date.now() + 30_000;
      const fetched = async () =>
        (
          (await handle.db.execute(sql`SELECT count(DISTINCT source_id)::int AS n FROM fetch_attempts`)) as unknown as {
            rows: Array<{ n: number }>;
          }
        ).rows[0]?.n ?? 0;
      while ((await fetched()) < SOURCES) {
        if (Date.now() > deadline) throw new Error("the sources were not all fetched within 30 s");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // A few more scans by both loops: nothing is due any more.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await Promise.all(queues.map((q) => q.stop(5_000)));
    }
    const perPath = new Map<string, number>();
    for (const r of server.requests) perPath.set(r.path, (perPath.get(r.path) ?? 0) + 1);
    expect(perPath.size).toBe(SOURCES);
    expect([...perPath.values()].every((n) => n === 1)).toBe(true);
    const attempts = (await handle.db.execute(sql`SELECT count(*)::int AS n FROM fetch_attempts`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(attempts.rows[0]?.n).toBe(SOURCES);
  });
});
