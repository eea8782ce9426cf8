import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countBy,
  countByProject,
  countByWeekHour,
  countFeed,
  countMentions,
  type MentionQuery,
  mentionSeries,
  NO_MENTIONS,
  projectMentions,
  seriesByProject,
} from "~/core/count.server";
import { addDays, bucketKeys, periodOf, type Range } from "~/core/period";
import type { ProjectScope } from "~/core/scope.server";
import { queryRows, textArray, uuidArray } from "~/core/sql.server";
import type { DatabaseHandle } from "~/db/client.server";
import { messageProjects, messages, projects } from "~/db/schema";
import { aProject, aSource, type MentionSpec, mentions, openTestDatabase } from "../support/builders";
import { seeded } from "../support/random";

let handle: DatabaseHandle;
let red: string;
let blue: string;
let green: string;
let sourceIds: string[];
const db = () => handle.db;

const { rnd, pick } = seeded(20_261_126);

const ZONES = ["Pacific/Kiritimati", "Pacific/Honolulu", "Asia/Tashkent", "Asia/Kolkata", "Asia/Kathmandu"];
const FIRST_DAY = "2026-03-01";
const DAYS = 20;

/** The instants each zone's days begin and end near: a screen bucketing by UTC puts these on the wrong day. */
function edgesOfDays(): Date[] {
  const edges: Date[] = [];
  for (let i = 0; i < DAYS; i += 3) {
    for (const zone of ZONES) {
      const { start, end } = periodOf({ from: addDays(FIRST_DAY, i), to: addDays(FIRST_DAY, i) }, zone);
      edges.push(new Date(start.getTime() + 60_000), new Date(end.getTime() - 60_000));
    }
  }
  return edges;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  red = (await aProject(handle, { name: "Red" })).id;
  blue = (await aProject(handle, { name: "Blue" })).id;
  green = (await aProject(handle, { name: "Green" })).id;
  const sources = [
    await aSource(handle, { type: "rss" }),
    await aSource(handle, { type: "telegram", url: "channel" }),
    await aSource(handle, { type: "website", url: "https://site.example/" }),
  ];
  sourceIds = sources.map((s) => s.id);
  const sets = [[], [red], [blue], [green], [red, blue], [red, green], [red, blue, green]];
  const start = Date.parse(`${FIRST_DAY}T00:00:00Z`) - 86_400_000;
  const times = [
    ...edgesOfDays(),
    ...Array.from({ length: 260 }, () => new Date(start + rnd() * (DAYS + 2) * 86_400_000)),
  ];
  for (const at of times) {
    const item: MentionSpec = {
      at,
      sentiment: pick(["positive", "neutral", "negative"] as const),
      reach: Math.floor(rnd() * 1000),
      language: pick(["en", "ru", "uz", "uz-Cyrl", "other", undefined, "de"]),
      isArchived: rnd() < 0.1,
    };
    await mentions(handle, { source: pick(sources), projectIds: pick(sets), items: [item] });
  }
});
afterAll(() => handle.close());

/** The same question asked of the messages directly: each matching message once. */
async function direct(query: MentionQuery, extra: SQL = sql`true`) {
  const scope =
    query.scope === "all"
      ? sql`m.id IN (SELECT message_id FROM message_projects)`
      : sql`m.id IN (SELECT message_id FROM message_projects WHERE project_id = ANY(${uuidArray(query.scope)}))`;
  const filters = [sql`true`];
  if (query.sentiments?.length) filters.push(sql`m.sentiment::text = ANY(${textArray(query.sentiments)})`);
  if (query.sourceTypes?.length) filters.push(sql`s.type::text = ANY(${textArray(query.sourceTypes)})`);
  if (query.sources?.length) filters.push(sql`m.source_id = ANY(${uuidArray(query.sources)})`);
  if (query.languages?.length) {
    const language = sql`CASE WHEN m.language IN ('en', 'ru', 'uz', 'uz-Cyrl') THEN m.language ELSE 'other' END`;
    filters.push(sql`${language} = ANY(${textArray(query.languages)})`);
  }
  const [row] = await queryRows<{ total: number; reach: number; negative: number }>(
    db(),
    sql`SELECT count(DISTINCT m.id)::int AS total, coalesce(sum(m.reach), 0)::int AS reach,
        count(DISTINCT m.id) FILTER (WHERE m.sentiment = 'negative')::int AS negative
      FROM messages m JOIN sources s ON s.id = m.source_id
      WHERE m.published_at >= ${query.start.toISOString()}::timestamptz
        AND m.published_at < ${query.end.toISOString()}::timestamptz
        AND NOT m.is_archived AND ${scope} AND ${sql.join(filters, sql` AND `)} AND ${extra}`,
  );
  return { total: Number(row?.total), reach: Number(row?.reach), negative: Number(row?.negative) };
}

const randomScope = (): ProjectScope => (rnd() < 0.2 ? "all" : [red, blue, green].filter(() => rnd() < 0.5));

function randomPeriod(zone: string) {
  const from = addDays(FIRST_DAY, Math.floor(rnd() * (DAYS - 1)));
  return periodOf({ from, to: addDays(from, Math.floor(rnd() * 6)) }, zone);
}

describe("the counting policy", () => {
  it("agrees with counting the messages, for random scopes, filters and periods in far zones", async () => {
    for (const zone of ZONES) {
      for (let i = 0; i < 12; i++) {
        const period = randomPeriod(zone);
        const query: MentionQuery = {
          scope: i === 0 ? "all" : randomScope(),
          start: period.start,
          end: period.end,
          sentiments: rnd() < 0.3 ? [pick(["positive", "neutral", "negative"])] : undefined,
          sourceTypes: rnd() < 0.3 ? [pick(["rss", "telegram", "website"])] : undefined,
          languages: rnd() < 0.3 ? [pick(["en", "ru", "other"])] : undefined,
          sources: rnd() < 0.2 ? [pick(sourceIds)] : undefined,
        };
        const expected = await direct(query);
        expect(await countMentions(db(), query), `${zone} ${period.from}…${period.to}`).toMatchObject(expected);
        const series = await mentionSeries(db(), query, period);
        expect(series.map((b) => b.key)).toEqual(bucketKeys(period));
        for (const bucket of series.filter(() => rnd() < 0.3)) {
          const range: Range =
            period.bucket === "day"
              ? periodOf({ from: bucket.key, to: bucket.key }, zone)
              : { start: new Date(bucket.key), end: new Date(Date.parse(bucket.key) + 3_600_000) };
          expect(bucket, `${zone} ${bucket.key}`).toMatchObject(await direct({ ...query, ...range }));
        }
        expect(series.reduce((sum, b) => sum + b.total, 0)).toBe(expected.total);
      }
    }
  });

  it("counts hours in a zone whose hours start at :30, hour by hour", async () => {
    const period = periodOf({ from: "2026-03-05", to: "2026-03-06" }, "Asia/Kolkata");
    expect(period.bucket).toBe("hour");
    const query = { scope: "all" as const, start: period.start, end: period.end };
    const series = await mentionSeries(db(), query, period);
    expect(series).toHaveLength(48);
    for (const bucket of series) {
      const start = new Date(bucket.key);
      expect(bucket.total).toBe((await direct({ ...query, start, end: new Date(start.getTime() + 3_600_000) })).total);
    }
  });

  it("counts a mention once in a scope's total and once in each of its projects' figures", async () => {
    const source = await aSource(handle);
    const at = new Date("2026-04-10T12:00:00Z");
    const range = { start: new Date("2026-04-10T00:00:00Z"), end: new Date("2026-04-11T00:00:00Z") };
    await mentions(handle, { source, projectIds: [red, blue], items: [{ at, reach: 10, sentiment: "negative" }] });
    expect(await countMentions(db(), { scope: [red, blue], ...range })).toEqual({
      total: 1,
      reach: 10,
      positive: 0,
      neutral: 0,
      negative: 1,
    });
    const perProject = await countByProject(db(), { scope: [red, blue, green], ...range });
    expect(perProject.get(red)?.total).toBe(1);
    expect(perProject.get(blue)?.total).toBe(1);
    expect(perProject.get(green)).toEqual(NO_MENTIONS);
  });

  it("per project, by source type, by language and by weekday and hour, as the messages say", async () => {
    for (const zone of ZONES) {
      const period = randomPeriod(zone);
      const query: MentionQuery = { scope: [red, blue, green], start: period.start, end: period.end };
      const perProject = await countByProject(db(), query);
      for (const project of [red, blue, green]) {
        expect(perProject.get(project)).toMatchObject(await direct({ ...query, scope: [project] }));
      }
      const byProjectDay = await seriesByProject(db(), { ...query, scope: [red, blue, green] }, period);
      const redDays = await mentionSeries(db(), { ...query, scope: [red] }, period);
      expect(byProjectDay.get(red)).toEqual(redDays);
      const bySource = await countBy(db(), query, "source");
      for (const source of sourceIds) {
        expect(bySource.get(source)?.total ?? 0).toBe((await direct({ ...query, sources: [source] })).total);
      }
      const types = await countBy(db(), query, "sourceType");
      for (const type of ["rss", "telegram", "website"]) {
        expect(types.get(type)?.total ?? 0).toBe((await direct({ ...query, sourceTypes: [type] })).total);
      }
      const languages = await countBy(db(), { ...query, scope: "all" }, "language");
      expect([...languages.keys()].every((l) => ["en", "ru", "uz", "uz-Cyrl", "other"].includes(l))).toBe(true);
      for (const language of ["en", "ru", "uz", "uz-Cyrl", "other"]) {
        expect(languages.get(language)?.total ?? 0).toBe(
          (await direct({ ...query, scope: "all", languages: [language] })).total,
        );
      }
      const cells = await countByWeekHour(db(), query, zone);
      expect(cells).toHaveLength(168);
      expect(cells.reduce((a, b) => a + b, 0)).toBe((await direct(query)).total);
      // In a zone whose hours start at :30 or :45, each UTC hour goes to the local hour it begins in.
      if (zone === "Asia/Kolkata" || zone === "Asia/Kathmandu") continue;
      const local = sql`(m.published_at AT TIME ZONE ${zone})`;
      for (const cell of [0, 23, 24 * 3 + 12, 167]) {
        const at = sql`(extract(isodow FROM ${local})::int - 1) * 24 + extract(hour FROM ${local})::int = ${cell}`;
        expect(cells[cell], `${zone} cell ${cell}`).toBe((await direct(query, at)).total);
      }
    }
  });

  it("gives the project list a subquery to sort by", async () => {
    const period = periodOf({ from: FIRST_DAY, to: addDays(FIRST_DAY, 6) }, "Asia/Kolkata");
    const query: MentionQuery = { scope: "all", start: period.start, end: period.end };
    const rows = await queryRows<{ id: string; mentions: number | null }>(
      db(),
      sql`SELECT p.id, pm.mentions FROM projects p LEFT JOIN ${projectMentions(query)} pm ON pm.project_id = p.id`,
    );
    const perProject = await countByProject(db(), query);
    for (const row of rows) expect(Number(row.mentions ?? 0)).toBe(perProject.get(row.id)?.total ?? 0);
  });

  it("leaves archived mentions out, and counts them again when they are un-archived", async () => {
    const source = await aSource(handle);
    const range = { start: new Date("2026-05-01T00:00:00Z"), end: new Date("2026-05-02T00:00:00Z") };
    const [mention] = await mentions(handle, {
      source,
      projectIds: [green],
      items: [{ at: new Date("2026-05-01T10:00:00Z"), reach: 5 }],
    });
    const count = async () => (await countMentions(db(), { scope: [green], ...range })).total;
    expect(await count()).toBe(1);
    await handle.db.update(messages).set({ isArchived: true }).where(eq(messages.id, mention!.id));
    expect(await count()).toBe(0);
    expect((await countByProject(db(), { scope: [green], ...range })).get(green)?.total).toBe(0);
    await handle.db.update(messages).set({ isArchived: false }).where(eq(messages.id, mention!.id));
    expect(await count()).toBe(1);
  });

  it("moves a mention when its links, sentiment, language, time or source change, and forgets it when deleted", async () => {
    const rss = await aSource(handle, { type: "rss" });
    const telegram = await aSource(handle, { type: "telegram", url: "moves" });
    const range = { start: new Date("2026-06-01T00:00:00Z"), end: new Date("2026-06-02T00:00:00Z") };
    const [mention] = await mentions(handle, {
      source: rss,
      projectIds: [red],
      items: [{ at: new Date("2026-06-01T10:00:00Z"), sentiment: "positive", language: "en", reach: 3 }],
    });
    const id = mention!.id;
    const of = (scope: ProjectScope, extra: Partial<MentionQuery> = {}) =>
      countMentions(db(), { scope, ...range, ...extra }).then((t) => t.total);
    expect([await of([red]), await of([blue])]).toEqual([1, 0]);

    // Re-matched: it gains Blue, then loses Red.
    await handle.db
      .insert(messageProjects)
      .values({ messageId: id, projectId: blue, matchedTerms: ["x"], publishedAt: mention!.publishedAt });
    expect([await of([red]), await of([blue]), await of([red, blue])]).toEqual([1, 1, 1]);
    await handle.db
      .delete(messageProjects)
      .where(sql`${messageProjects.messageId} = ${id} AND ${messageProjects.projectId} = ${red}`);
    expect([await of([red]), await of([blue])]).toEqual([0, 1]);

    await handle.db.update(messages).set({ sentiment: "negative" }).where(eq(messages.id, id));
    expect([await of([blue], { sentiments: ["positive"] }), await of([blue], { sentiments: ["negative"] })]).toEqual([
      0, 1,
    ]);
    await handle.db.update(messages).set({ language: "ru" }).where(eq(messages.id, id));
    expect([await of([blue], { languages: ["en"] }), await of([blue], { languages: ["ru"] })]).toEqual([0, 1]);
    await handle.db.update(messages).set({ sourceId: telegram.id }).where(eq(messages.id, id));
    expect([await of([blue], { sourceTypes: ["rss"] }), await of([blue], { sourceTypes: ["telegram"] })]).toEqual([
      0, 1,
    ]);
    await handle.db.update(messages).set({ reach: 40 }).where(eq(messages.id, id));
    expect((await countMentions(db(), { scope: [blue], ...range })).reach).toBe(40);
    await handle.db
      .update(messages)
      .set({ publishedAt: new Date("2026-06-02T10:00:00Z") })
      .where(eq(messages.id, id));
    expect(await of([blue])).toBe(0);

    await handle.db.delete(messages).where(eq(messages.id, id));
    expect(await of([blue], { start: range.start, end: new Date("2026-06-03T00:00:00Z") })).toBe(0);
  });

  it("counts the mentions of existing projects, in 'all' too, and follows a project's deletion", async () => {
    const source = await aSource(handle);
    const range = { start: new Date("2026-07-01T00:00:00Z"), end: new Date("2026-07-02T00:00:00Z") };
    const doomed = (await aProject(handle, { name: "Doomed" })).id;
    await mentions(handle, { source, items: [{ at: new Date("2026-07-01T03:00:00Z") }] });
    await mentions(handle, {
      source,
      projectIds: [doomed, red],
      items: [{ at: new Date("2026-07-01T04:00:00Z") }, { at: new Date("2026-07-01T05:00:00Z") }],
    });
    await mentions(handle, { source, projectIds: [doomed], items: [{ at: new Date("2026-07-01T06:00:00Z") }] });
    const count = (scope: ProjectScope) => countMentions(db(), { scope, ...range }).then((t) => t.total);
    // A mention that matches no project is in no total, "all" included (ADR 042).
    expect(await count("all")).toBe(3);
    expect(await count([red, blue, green, doomed])).toBe(3);
    await handle.db.delete(projects).where(eq(projects.id, doomed));
    // Its mentions stay, now matching Red or nothing; an old link or account naming it finds nothing.
    expect([await count("all"), await count([red]), await count([doomed]), await count([doomed, red])]).toEqual([
      2, 2, 0, 2,
    ]);
    expect(await count([doomed])).toBe((await direct({ scope: [doomed], ...range })).total);
    expect((await countByProject(db(), { scope: "all", ...range })).has(doomed)).toBe(false);
    expect((await countByProject(db(), { scope: [doomed, red], ...range })).get(doomed)?.total ?? 0).toBe(0);
    // Later changes to those mentions still count right (their rollup rows may name the deleted project).
    const [first] = await queryRows<{ id: string }>(
      db(),
      sql`SELECT message_id AS id FROM message_projects WHERE project_id = ${red} ORDER BY published_at DESC LIMIT 1`,
    );
    await handle.db
      .update(messages)
      .set({ isArchived: true })
      .where(eq(messages.id, first?.id as string));
    await handle.db
      .update(messages)
      .set({ sentiment: "negative" })
      .where(sql`${messages.publishedAt} = '2026-07-01T04:00:00Z'`);
    for (const scope of ["all", [red]] as const) {
      expect(await countMentions(db(), { scope, ...range })).toMatchObject(await direct({ scope, ...range }));
    }
  });

  it("answers an empty scope and an empty period with nothing", async () => {
    const range = { start: new Date("2026-03-01T00:00:00Z"), end: new Date("2026-03-21T00:00:00Z") };
    expect(await countMentions(db(), { scope: [], ...range })).toEqual(NO_MENTIONS);
    expect(await countMentions(db(), { scope: "all", start: range.start, end: range.start })).toEqual(NO_MENTIONS);
  });
});

describe("the feed's total", () => {
  // 20 000 mentions of January 2025, every other one with the word "kuzgun", 30 with "rarebird".
  const range = { start: new Date("2025-01-01T00:00:00Z"), end: new Date("2025-02-01T00:00:00Z") };
  let project: string;
  beforeAll(async () => {
    project = (await aProject(handle, { name: "Feed" })).id;
    const source = await aSource(handle);
    const items: MentionSpec[] = Array.from({ length: 20_000 }, (_, i) => ({
      at: new Date(range.start.getTime() + i * 130_000),
      text: i % 2 ? `kuzgun uchdi ${i}` : i % 667 === 0 ? `rarebird ${i}` : `oddiy xabar ${i}`,
      tags: i % 10 === 0 ? ["tagged"] : [],
    }));
    for (let i = 0; i < items.length; i += 5_000) {
      await mentions(handle, { source, projectIds: [project], items: items.slice(i, i + 5_000) });
    }
    // As autovacuum would: the planner's guess at a search's matches decides between counting and sampling.
    await db().execute(sql`ANALYZE messages`);
  }, 120_000);

  const mentionsOf = (): MentionQuery => ({ scope: [project], ...range });
  const whereOf = (extra: SQL = sql`true`) =>
    sql`m.published_at >= ${range.start.toISOString()}::timestamptz AND m.published_at < ${range.end.toISOString()}::timestamptz
      AND NOT m.is_archived AND m.id IN (SELECT message_id FROM message_projects WHERE project_id = ${project}) AND (${extra})`;
  const word = (w: string) => sql`m.search @@ to_tsquery('simple', ${w})`;
  const exactly = async (where: SQL) =>
    Number(
      (
        await queryRows<{ n: number }>(
          db(),
          sql`SELECT count(*) AS n FROM messages m JOIN sources s ON s.id = m.source_id WHERE ${where}`,
        )
      )[0]?.n,
    );

  it("is exact from the rollups, or counted when a filter is one they do not know", async () => {
    expect(await countFeed(db(), { where: whereOf(), mentions: mentionsOf() })).toEqual({
      count: 20_000,
      estimated: false,
    });
    const tagged = sql`m.tags && ARRAY['tagged']`;
    expect(await countFeed(db(), { where: whereOf(tagged), mentions: mentionsOf(), more: true })).toEqual({
      count: 2_000,
      estimated: false,
    });
    expect(await countFeed(db(), { where: whereOf(tagged) })).toEqual({ count: 2_000, estimated: false });
  });

  it("counts a search exactly when few mentions match", async () => {
    const search = word("rarebird");
    expect(await countFeed(db(), { where: whereOf(), search, mentions: mentionsOf() })).toEqual({
      count: await exactly(sql`${whereOf()} AND ${search}`),
      estimated: false,
    });
  });

  it("estimates a search many mentions match within 5 %, and says so", async () => {
    const search = word("kuzgun");
    const exact = await exactly(sql`${whereOf()} AND ${search}`);
    expect(exact).toBe(10_000);
    const total = await countFeed(db(), { where: whereOf(), search, mentions: mentionsOf() });
    expect(total.estimated).toBe(true);
    expect(Math.abs(total.count - exact) / exact).toBeLessThan(0.05);
    // With a filter the rollups do not know, or none they know (archived mentions shown): estimated or counted.
    for (const feed of [
      { where: whereOf(sql`m.tags && ARRAY['tagged'] OR true`), search, mentions: mentionsOf(), more: true },
      { where: whereOf(), search },
    ]) {
      const { count } = await countFeed(db(), feed);
      expect(Math.abs(count - exact) / exact).toBeLessThan(0.05);
    }
  });
});
