// Top authors from the author rollups (ADR 051): the same authors, counts, reach and order as counting the
// messages, for random scopes, filters and periods in far zones (days that start at :30 and :45 too), and
// still so after mentions are re-matched, corrected, archived, deleted or rebuilt in bulk.
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countByAuthor, type MentionQuery } from "~/core/count.server";
import { addDays, periodOf } from "~/core/period";
import type { ProjectScope } from "~/core/scope.server";
import { queryRows, textArray, uuidArray } from "~/core/sql.server";
import type { DatabaseHandle } from "~/db/client.server";
import { messageProjects, messages } from "~/db/schema";
import { topAuthors } from "~/features/analytics/queries.server";
import { aProject, aSource, type MentionSpec, mentions, openTestDatabase } from "../support/builders";
import { seeded } from "../support/random";

let handle: DatabaseHandle;
let red: string;
let blue: string;
let sourceIds: string[];
const db = () => handle.db;

const { rnd, pick } = seeded(20_261_127);

const ZONES = ["Pacific/Kiritimati", "Pacific/Honolulu", "Asia/Tashkent", "Asia/Kolkata", "Asia/Kathmandu"];
const FIRST_DAY = "2026-03-01";
const DAYS = 12;
const AUTHORS = ["Anna", "Bekzod", "Ольга", "Newsroom", "", undefined];

beforeAll(async () => {
  handle = await openTestDatabase();
  red = (await aProject(handle, { name: "Red" })).id;
  blue = (await aProject(handle, { name: "Blue" })).id;
  const green = (await aProject(handle, { name: "Green" })).id;
  const sources = [await aSource(handle, { type: "rss" }), await aSource(handle, { type: "telegram", url: "authors" })];
  sourceIds = sources.map((s) => s.id);
  const sets = [[], [red], [blue], [green], [red, blue], [red, blue, green]];
  const start = Date.parse(`${FIRST_DAY}T00:00:00Z`) - 86_400_000;
  for (let i = 0; i < 40; i++) {
    const items: MentionSpec[] = Array.from({ length: 8 }, () => ({
      at: new Date(start + rnd() * (DAYS + 2) * 86_400_000),
      sentiment: pick(["positive", "neutral", "negative"] as const),
      reach: Math.floor(rnd() * 1000),
      language: pick(["en", "ru", "uz", undefined]),
      author: pick(AUTHORS),
      isArchived: rnd() < 0.1,
    }));
    await mentions(handle, { source: pick(sources), projectIds: pick(sets), items });
  }
}, 60_000);
afterAll(() => handle.close());

/** The same question asked of the messages: each author's mentions, once each, as top authors order them. */
async function direct(query: MentionQuery, limit = 100) {
  const scope =
    query.scope === "all"
      ? sql`m.id IN (SELECT message_id FROM message_projects)`
      : sql`m.id IN (SELECT message_id FROM message_projects WHERE project_id = ANY(${uuidArray(query.scope)}))`;
  const filters: SQL[] = [sql`true`];
  if (query.sentiments?.length) filters.push(sql`m.sentiment::text = ANY(${textArray(query.sentiments)})`);
  if (query.sourceTypes?.length) filters.push(sql`s.type::text = ANY(${textArray(query.sourceTypes)})`);
  if (query.sources?.length) filters.push(sql`m.source_id = ANY(${uuidArray(query.sources)})`);
  if (query.languages?.length) {
    const language = sql`CASE WHEN m.language IN ('en', 'ru', 'uz', 'uz-Cyrl') THEN m.language ELSE 'other' END`;
    filters.push(sql`${language} = ANY(${textArray(query.languages)})`);
  }
  const rows = await queryRows<Record<string, unknown>>(
    db(),
    sql`SELECT m.author, count(*)::int AS total, sum(m.reach)::int AS reach,
        count(*) FILTER (WHERE m.sentiment = 'positive')::int AS positive,
        count(*) FILTER (WHERE m.sentiment = 'neutral')::int AS neutral,
        count(*) FILTER (WHERE m.sentiment = 'negative')::int AS negative
      FROM messages m JOIN sources s ON s.id = m.source_id
      WHERE m.published_at >= ${query.start.toISOString()}::timestamptz
        AND m.published_at < ${query.end.toISOString()}::timestamptz
        AND NOT m.is_archived AND m.author <> '' AND ${scope} AND ${sql.join(filters, sql` AND `)}
      GROUP BY m.author ORDER BY total DESC, reach DESC, m.author LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    author: String(r.author),
    total: Number(r.total),
    reach: Number(r.reach),
    positive: Number(r.positive),
    neutral: Number(r.neutral),
    negative: Number(r.negative),
  }));
}

const randomScope = (): ProjectScope => (rnd() < 0.3 ? "all" : [red, blue].filter(() => rnd() < 0.6));

function randomQuery(zone: string): MentionQuery {
  const from = addDays(FIRST_DAY, Math.floor(rnd() * (DAYS - 4)));
  // One day (its hours only), or several (whole UTC days and the hours at each end).
  const period = periodOf({ from, to: addDays(from, pick([0, 1, 4])) }, zone);
  return {
    scope: randomScope(),
    start: period.start,
    end: period.end,
    sentiments: rnd() < 0.3 ? [pick(["positive", "neutral", "negative"])] : undefined,
    sourceTypes: rnd() < 0.3 ? [pick(["rss", "telegram"])] : undefined,
    languages: rnd() < 0.3 ? [pick(["en", "ru", "other"])] : undefined,
    sources: rnd() < 0.2 ? [pick(sourceIds)] : undefined,
  };
}

describe("top authors", () => {
  it("agree with counting the messages, for random scopes, filters and periods in far zones", async () => {
    for (const zone of ZONES) {
      for (let i = 0; i < 8; i++) {
        const query = randomQuery(zone);
        const expected = await direct(query);
        expect(await countByAuthor(db(), query, {}), `${zone} ${query.start.toISOString()}`).toEqual(expected);
        // An instant range inside one hour, and one crossing a single hour's start: the messages alone.
        const at = query.start.getTime() + 7 * 60_000;
        for (const end of [at + 20 * 60_000, at + 70 * 60_000]) {
          const short = { ...query, start: new Date(at), end: new Date(end) };
          expect(await countByAuthor(db(), short, {})).toEqual(await direct(short));
        }
      }
    }
  });

  it("rank the first ten and give each its previous period's count", async () => {
    const period = periodOf({ from: addDays(FIRST_DAY, 6), to: addDays(FIRST_DAY, 9) }, "Asia/Kolkata");
    const previous = periodOf({ from: addDays(FIRST_DAY, 2), to: addDays(FIRST_DAY, 5) }, "Asia/Kolkata");
    const scope = { scope: "all" as const, start: period.start, end: period.end, timeZone: "Asia/Kolkata" };
    const top = await topAuthors({ db: db() }, scope, 3, previous);
    const now = await direct(scope, 3);
    const before = await direct({ ...scope, ...previous });
    expect(top.map((a) => [a.author, a.count, a.reach])).toEqual(now.map((a) => [a.author, a.total, a.reach]));
    for (const a of top) expect(a.previous).toBe(before.find((b) => b.author === a.author)?.total ?? 0);
  });

  it("follow a mention re-matched, re-authored, archived and deleted, and survive a rebuild", async () => {
    const source = await aSource(handle, { type: "rss" });
    const at = new Date("2026-03-20T10:00:00Z");
    const range = { start: new Date("2026-03-20T00:00:00Z"), end: new Date("2026-03-22T00:00:00Z") };
    const [mention] = await mentions(handle, {
      source,
      projectIds: [red],
      items: [{ at, author: "Moving", sentiment: "negative", reach: 7 }],
    });
    const id = mention!.id;
    const of = async (scope: ProjectScope) =>
      (await countByAuthor(db(), { scope, ...range }, { authors: ["Moving", "Renamed"] })).map((a) => [
        a.author,
        a.negative,
        a.reach,
      ]);
    expect(await of([red])).toEqual([["Moving", 1, 7]]);
    await handle.db
      .insert(messageProjects)
      .values({ messageId: id, projectId: blue, matchedTerms: ["x"], publishedAt: at });
    await handle.db
      .delete(messageProjects)
      .where(sql`${messageProjects.messageId} = ${id} AND ${messageProjects.projectId} = ${red}`);
    expect([await of([red]), await of([blue])]).toEqual([[], [["Moving", 1, 7]]]);
    await handle.db.update(messages).set({ author: "Renamed" }).where(eq(messages.id, id));
    expect(await of([blue])).toEqual([["Renamed", 1, 7]]);
    await handle.db.update(messages).set({ isArchived: true }).where(eq(messages.id, id));
    expect(await of([blue])).toEqual([]);
    await handle.db.update(messages).set({ isArchived: false }).where(eq(messages.id, id));
    const before = await countByAuthor(db(), { scope: "all", start: new Date(0), end: new Date("2027-01-01") }, {});
    await handle.db.execute(sql`SELECT kuzatuv_rebuild_rollups()`);
    expect(await countByAuthor(db(), { scope: "all", start: new Date(0), end: new Date("2027-01-01") }, {})).toEqual(
      before,
    );
    expect(await of([blue])).toEqual([["Renamed", 1, 7]]);
    await handle.db.delete(messages).where(eq(messages.id, id));
    expect(await of([blue])).toEqual([]);
  });
});
