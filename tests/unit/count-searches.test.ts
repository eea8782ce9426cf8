// A period's topics are counted together (ADR 051): several searches over the same feed filters share their
// sample passes, and each total is still the one the feed gives that search alone: counted, estimated from
// the first sample, or estimated from a larger one.
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { countFeed, countSearches, type FeedFilters } from "~/core/count.server";
import type { DatabaseHandle } from "~/db/client.server";
import { aProject, aSource, type MentionSpec, mentions, openTestDatabase } from "../support/builders";

let handle: DatabaseHandle;
let feed: FeedFilters;
// 20 000 mentions of January 2025: all with "umumiy", 70 % with "sakkiz", every other one with "kuzgun uchdi",
// 15 with "rarebird".
const range = { start: new Date("2025-01-01T00:00:00Z"), end: new Date("2025-02-01T00:00:00Z") };

beforeAll(async () => {
  handle = await openTestDatabase();
  const project = (await aProject(handle, { name: "Topics" })).id;
  const source = await aSource(handle);
  const items: MentionSpec[] = Array.from({ length: 20_000 }, (_, i) => ({
    at: new Date(range.start.getTime() + i * 130_000),
    text: `umumiy ${i % 10 < 7 ? "sakkiz " : ""}${i % 2 ? "kuzgun uchdi" : i % 667 === 0 ? "rarebird" : "oddiy xabar"} ${i}`,
  }));
  for (let i = 0; i < items.length; i += 5_000) {
    await mentions(handle, { source, projectIds: [project], items: items.slice(i, i + 5_000) });
  }
  await handle.db.execute(sql`ANALYZE messages`);
  feed = {
    where: sql`m.published_at >= ${range.start.toISOString()}::timestamptz
      AND m.published_at < ${range.end.toISOString()}::timestamptz AND NOT m.is_archived
      AND m.id IN (SELECT message_id FROM message_projects WHERE project_id = ${project})`,
    mentions: { scope: [project], ...range },
  };
}, 120_000);
afterAll(() => handle.close());

const word = (w: string): SQL => sql`m.search @@ to_tsquery('simple', ${w})`;

it("gives each search of a batch the total the feed gives it alone", async () => {
  const searches = ["kuzgun", "rarebird", "umumiy", "sakkiz"].map(word);
  const alone = await Promise.all(searches.map((search) => countFeed(handle.db, { ...feed, search })));
  // A larger sample, an exact count, the first sample, and another larger one (read in the same pass).
  expect(alone.map((t) => t.estimated)).toEqual([true, false, true, true]);
  expect(alone[1]?.count).toBe(15);
  expect(await countSearches(handle.db, feed, searches)).toEqual(alone);
  // In any order and any company.
  expect(await countSearches(handle.db, feed, [searches[2] as SQL, searches[0] as SQL])).toEqual([alone[2], alone[0]]);
});
