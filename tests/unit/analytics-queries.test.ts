import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bucketKeys, resolvePeriod, zonedInstant } from "~/core/period";
import type { DatabaseHandle } from "~/db/client.server";
import { messageProjects, messages } from "~/db/schema";
import {
  type AnalyticsScope,
  heatmap,
  kpis,
  languages,
  previousScope,
  shareOfVoice,
  sourceTypes,
  topAuthors,
  topSources,
  volume,
} from "~/features/analytics/queries.server";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { testServices } from "../support/services";
import { signedInContext } from "../support/session";

const TASHKENT = "Asia/Tashkent";
const BERLIN = "Europe/Berlin";
let handle: DatabaseHandle;
let alpha: string;
let beta: string;
let gamma: string;
let news: string;
let channel: string;
let berlinProject: string;
let reads: ReturnType<typeof testServices>;

// The 9th and 10th of March 2026 in Tashkent (UTC+5, no daylight saving): 8 Mar 19:00 UTC to 10 Mar 19:00 UTC.
const tashkent = resolvePeriod("custom", TASHKENT, { from: "2026-03-09", to: "2026-03-10" });
const scopeOf = (projectIds: string[], extra: Partial<AnalyticsScope> = {}): AnalyticsScope => ({
  scope: projectIds,
  start: tashkent.start,
  end: tashkent.end,
  timeZone: TASHKENT,
  ...extra,
});

beforeAll(async () => {
  handle = await openTestDatabase();
  reads = testServices();
  beta = (await aProject(handle, { name: "Beta", keywords: ["beta"] })).id;
  gamma = (await aProject(handle, { name: "Gamma", keywords: ["gamma"] })).id;
  alpha = (await aProject(handle, { name: "Alpha", keywords: ["alpha"], competitorIds: [beta, gamma] })).id;
  const rss = await aSource(handle, { type: "rss", name: "Daily News" });
  const telegram = await aSource(handle, { type: "telegram", name: "Channel", url: "channel" });
  news = rss.id;
  channel = telegram.id;
  await mentions(handle, {
    source: rss,
    projectIds: [alpha],
    items: [
      // Monday 9 March, 23:30 in Tashkent (18:30 UTC).
      { at: new Date("2026-03-09T18:30:00Z"), sentiment: "positive", reach: 100, language: "en", author: "Aziza" },
      // Tuesday 10 March, 00:30 in Tashkent, still the 9th in UTC.
      { at: new Date("2026-03-09T19:30:00Z"), sentiment: "negative", reach: 50, language: "ru", author: "Aziza" },
      // The previous period (7–8 March).
      { at: new Date("2026-03-07T12:00:00Z"), sentiment: "positive", reach: 5, language: "en", author: "Bek" },
    ],
  });
  await mentions(handle, {
    source: telegram,
    projectIds: [alpha],
    // Tuesday 10 March, 15:00 in Tashkent.
    items: [{ at: new Date("2026-03-10T10:00:00Z"), sentiment: "neutral", reach: 10, language: "uz", author: "Bek" }],
  });
  await mentions(handle, {
    source: telegram,
    projectIds: [beta],
    items: [{ at: new Date("2026-03-10T08:00:00Z") }, { at: new Date("2026-03-10T09:00:00Z") }],
  });
  await mentions(handle, { source: telegram, projectIds: [gamma], items: [{ at: new Date("2026-03-10T09:00:00Z") }] });

  // Berlin's 29 March 2026 is 23 hours long: 00:00 CET is 28 Mar 23:00 UTC, midnight CEST is 29 Mar 22:00 UTC.
  berlinProject = (await aProject(handle, { name: "Berlin" })).id;
  await mentions(handle, {
    source: rss,
    projectIds: [berlinProject],
    items: [
      { at: new Date("2026-03-28T23:30:00Z"), sentiment: "positive" },
      { at: new Date("2026-03-29T21:30:00Z"), sentiment: "positive" },
      { at: new Date("2026-03-29T22:30:00Z"), sentiment: "negative" },
    ],
  });
});
afterAll(() => handle.close());

describe("periods in a time zone", () => {
  it("counts whole local days and compares with as many days just before", () => {
    expect(tashkent.start.toISOString()).toBe("2026-03-08T19:00:00.000Z");
    expect(tashkent.end.toISOString()).toBe("2026-03-10T19:00:00.000Z");
    expect(tashkent.previous.start.toISOString()).toBe("2026-03-06T19:00:00.000Z");
    expect(tashkent.previous).toMatchObject({ from: "2026-03-07", to: "2026-03-08" });
    expect(tashkent.bucket).toBe("hour");
    const now = new Date("2026-11-23T22:00:00Z"); // already the 24th in Tashkent
    const week = resolvePeriod("7", TASHKENT, {}, { now });
    expect([week.from, week.to, week.bucket]).toEqual(["2026-11-18", "2026-11-24", "day"]);
    const lastMonth = resolvePeriod("last-month", TASHKENT, {}, { now });
    expect([lastMonth.from, lastMonth.to, lastMonth.days]).toEqual(["2026-10-01", "2026-10-31", 31]);
    expect([lastMonth.previous.from, lastMonth.previous.to]).toEqual(["2026-08-31", "2026-09-30"]);
    const thisMonth = resolvePeriod("this-month", TASHKENT, {}, { now });
    expect([thisMonth.from, thisMonth.to, thisMonth.previous.from]).toEqual(["2026-11-01", "2026-11-24", "2026-10-08"]);
  });

  it("falls back to 30 days for a custom period it cannot use", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(resolvePeriod("custom", "UTC", { from: "2026-11-20", to: "2026-11-01" }, { now }).from).toBe("2026-10-25");
  });

  it("gives the daylight-saving days of Berlin 23 and 25 hours", () => {
    const spring = resolvePeriod("custom", BERLIN, { from: "2026-03-29", to: "2026-03-29" });
    expect(spring.start.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(spring.end.toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(bucketKeys(spring)).toHaveLength(23);
    const autumn = resolvePeriod("custom", BERLIN, { from: "2026-10-25", to: "2026-10-25" });
    expect(autumn.start.toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(bucketKeys(autumn)).toHaveLength(25);
    expect(zonedInstant("2026-03-29", 2, BERLIN).toISOString()).toBe("2026-03-29T01:00:00.000Z");
  });
});

describe("analytics queries", () => {
  it("sums mentions, reach and sentiment in the period, and the period before", async () => {
    expect(await kpis(reads, scopeOf([alpha]))).toEqual({
      mentions: 3,
      reach: 160,
      positive: 1,
      neutral: 1,
      negative: 1,
      net: 0,
    });
    expect(await kpis(reads, previousScope(scopeOf([alpha]), tashkent.previous))).toMatchObject({
      mentions: 1,
      reach: 5,
    });
  });

  it("filters by source type, language and sentiment", async () => {
    expect((await kpis(reads, scopeOf([alpha], { languages: ["en", "ru"] }))).mentions).toBe(2);
    expect((await kpis(reads, scopeOf([alpha], { sentiments: ["negative"] }))).reach).toBe(50);
    expect((await kpis(reads, scopeOf([alpha], { sourceTypes: ["telegram"] }))).mentions).toBe(1);
    expect(await topAuthors(reads, scopeOf([alpha], { sourceTypes: ["telegram"] }))).toEqual([
      { author: "Bek", count: 1, previous: 0, reach: 10, positive: 0, neutral: 1, negative: 0 },
    ]);
  });

  it("puts a mention after midnight in Tashkent on the next day, where UTC would not", async () => {
    const days = await volume(reads, scopeOf([alpha]), "day");
    expect(days.map((d) => [d.key, d.positive, d.neutral, d.negative, d.reach])).toEqual([
      ["2026-03-09", 1, 0, 0, 100],
      ["2026-03-10", 0, 1, 1, 60],
    ]);
    const utc = await volume(
      reads,
      {
        scope: [alpha],
        start: new Date("2026-03-09T00:00:00Z"),
        end: new Date("2026-03-11T00:00:00Z"),
        timeZone: "UTC",
      },
      "day",
    );
    expect(utc.map((d) => [d.key, d.total])).toEqual([
      ["2026-03-09", 2],
      ["2026-03-10", 1],
    ]);
  });

  it("counts hours and days across a daylight-saving change in Berlin", async () => {
    const spring = resolvePeriod("custom", BERLIN, { from: "2026-03-29", to: "2026-03-29" });
    const hours = await volume(reads, {
      scope: [berlinProject],
      start: spring.start,
      end: spring.end,
      timeZone: BERLIN,
    });
    expect(hours).toHaveLength(23);
    expect(hours.filter((h) => h.total > 0).map((h) => h.key)).toEqual([
      "2026-03-28T23:00:00.000Z",
      "2026-03-29T21:00:00.000Z",
    ]);
    const days = await volume(
      reads,
      {
        scope: [berlinProject],
        start: spring.start,
        end: resolvePeriod("custom", BERLIN, { from: "2026-03-29", to: "2026-03-30" }).end,
        timeZone: BERLIN,
      },
      "day",
    );
    expect(days.map((d) => [d.key, d.positive, d.negative])).toEqual([
      ["2026-03-29", 2, 0],
      ["2026-03-30", 0, 1],
    ]);
    const cells = await heatmap(reads, {
      scope: [berlinProject],
      start: spring.start,
      end: spring.end,
      timeZone: BERLIN,
    });
    // Sunday (6) at 00:30 CET and at 23:30 CEST.
    expect(cells.filter((c) => c.count > 0)).toEqual([
      { weekday: 6, hour: 0, count: 1 },
      { weekday: 6, hour: 23, count: 1 },
    ]);
  });

  it("maps the week in the reader's zone", async () => {
    const cells = await heatmap(reads, scopeOf([alpha]));
    expect(cells).toHaveLength(168);
    expect(cells.filter((c) => c.count > 0)).toEqual([
      { weekday: 0, hour: 23, count: 1 },
      { weekday: 1, hour: 0, count: 1 },
      { weekday: 1, hour: 15, count: 1 },
    ]);
  });

  it("ranks sources, authors, source types and languages", async () => {
    expect(await topSources(reads, scopeOf([alpha]), "en")).toEqual([
      {
        id: news,
        name: "Daily News",
        type: "rss",
        count: 2,
        previous: 0,
        reach: 150,
        positive: 1,
        neutral: 0,
        negative: 1,
      },
      {
        id: channel,
        name: "Channel",
        type: "telegram",
        count: 1,
        previous: 0,
        reach: 10,
        positive: 0,
        neutral: 1,
        negative: 0,
      },
    ]);
    expect(await topAuthors(reads, scopeOf([alpha]))).toEqual([
      { author: "Aziza", count: 2, previous: 0, reach: 150, positive: 1, neutral: 0, negative: 1 },
      { author: "Bek", count: 1, previous: 0, reach: 10, positive: 0, neutral: 1, negative: 0 },
    ]);
    expect(await sourceTypes(reads, scopeOf([alpha]))).toEqual([
      { key: "rss", count: 2, previous: 0, reach: 150 },
      { key: "telegram", count: 1, previous: 0, reach: 10 },
    ]);
    expect(await languages(reads, scopeOf([alpha]))).toEqual([
      { key: "en", count: 1, previous: 0, reach: 100 },
      { key: "ru", count: 1, previous: 0, reach: 50 },
      { key: "uz", count: 1, previous: 0, reach: 10 },
    ]);
  });

  it("gives each ranked row its count in the previous period", async () => {
    const previous = tashkent.previous;
    expect(
      (await topSources(reads, scopeOf([alpha]), "en", 10, previous)).map((s) => [s.name, s.count, s.previous]),
    ).toEqual([
      ["Daily News", 2, 1],
      ["Channel", 1, 0],
    ]);
    expect(
      (await topAuthors(reads, scopeOf([alpha]), 10, previous)).map((a) => [a.author, a.count, a.previous]),
    ).toEqual([
      ["Aziza", 2, 0],
      ["Bek", 1, 1],
    ]);
    expect((await languages(reads, scopeOf([alpha]), previous)).map((l) => [l.key, l.count, l.previous])).toEqual([
      ["en", 1, 1],
      ["ru", 1, 0],
      ["uz", 1, 0],
    ]);
    const { user } = await signedInContext({ roles: ["admin"] });
    const voice = await shareOfVoice(reads, user, scopeOf([alpha]), "en", undefined, previous);
    expect(voice.entries.map((e) => [e.name, e.previousShare])).toEqual([
      ["Alpha", 1],
      ["Beta", 0],
      ["Gamma", 0],
    ]);
  });

  it("names competitors the user may see in share of voice, and counts the others as 'other'", async () => {
    const { user: admin } = await signedInContext({ roles: ["admin"] });
    const all = await shareOfVoice(reads, admin, scopeOf([alpha]), "en", "day");
    expect(all.entries.map((e) => [e.name, e.own, e.count, Number(e.share.toFixed(3))])).toEqual([
      ["Alpha", true, 3, 0.5],
      ["Beta", false, 2, 0.333],
      ["Gamma", false, 1, 0.167],
    ]);
    expect(all.overTime).toEqual([
      { key: "2026-03-09", values: { [alpha]: 1, [beta]: 0, [gamma]: 0 } },
      { key: "2026-03-10", values: { [alpha]: 2, [beta]: 2, [gamma]: 1 } },
    ]);
    const { user: analyst } = await signedInContext({ roles: ["analyst"], projectIds: [alpha, beta] });
    const limited = await shareOfVoice(reads, analyst, scopeOf([alpha]), "en", "day");
    expect(limited.entries.map((e) => [e.key, e.name, e.count])).toEqual([
      [alpha, "Alpha", 3],
      [beta, "Beta", 2],
      ["other", null, 1],
    ]);
    expect(JSON.stringify(limited)).not.toContain("Gamma");
    expect(JSON.stringify(limited)).not.toContain(gamma);
  });

  it("keeps the hourly rollups right after a mention arrives, changes sentiment, loses a project or is deleted", async () => {
    const project = (await aProject(handle, { name: "Live" })).id;
    const source = await aSource(handle);
    const scope = scopeOf([project]);
    const [first, second] = await mentions(handle, {
      source,
      projectIds: [project],
      items: [
        { at: new Date("2026-03-10T05:00:00Z"), sentiment: "neutral", reach: 7, language: "uz-Cyrl" },
        { at: new Date("2026-03-10T06:00:00Z"), sentiment: "positive", reach: 3 },
      ],
    });
    expect(await kpis(reads, scope)).toMatchObject({ mentions: 2, reach: 10, neutral: 1, positive: 1 });
    expect(await languages(reads, scope)).toEqual([
      { key: "other", count: 1, previous: 0, reach: 3 },
      { key: "uz-Cyrl", count: 1, previous: 0, reach: 7 },
    ]);

    await handle.db.update(messages).set({ sentiment: "negative" }).where(eq(messages.id, first!.id));
    expect(await kpis(reads, scope)).toMatchObject({ mentions: 2, neutral: 0, negative: 1, positive: 1, net: 0 });

    await handle.db.delete(messageProjects).where(eq(messageProjects.messageId, second!.id));
    expect(await kpis(reads, scope)).toMatchObject({ mentions: 1, reach: 7, positive: 0 });

    await handle.db.delete(messages).where(eq(messages.id, first!.id));
    expect(await kpis(reads, scope)).toMatchObject({ mentions: 0, reach: 0 });
    const [left] = await handle.db
      .execute<{ count: number }>(
        sql`SELECT coalesce(sum(positive + neutral + negative), 0)::int AS count
          FROM mention_rollups r JOIN project_sets ps ON ps.id = r.set_id WHERE ${project} = ANY(ps.projects)`,
      )
      .then((r) => (r as unknown as { rows: Array<{ count: number }> }).rows);
    expect(left?.count).toBe(0);
  });

  it("counts a mention of two projects once in the totals and once for each in share of voice", async () => {
    const one = (await aProject(handle, { name: "One" })).id;
    const two = (await aProject(handle, { name: "Two", competitorIds: [] })).id;
    await handle.db.execute(sql`UPDATE projects SET competitor_ids = ARRAY[${two}]::uuid[] WHERE id = ${one}`);
    const source = await aSource(handle);
    const at = new Date("2026-03-10T06:00:00Z");
    await mentions(handle, { source, projectIds: [one, two], items: [{ at, reach: 7, sentiment: "negative" }] });
    await mentions(handle, { source, projectIds: [one], items: [{ at, isArchived: true }] });
    expect(await kpis(reads, scopeOf([one, two]))).toMatchObject({ mentions: 1, reach: 7, negative: 1 });
    expect((await topSources(reads, scopeOf([one, two]), "en")).map((s) => s.count)).toEqual([1]);
    const { user } = await signedInContext({ roles: ["admin"] });
    const voice = await shareOfVoice(reads, user, scopeOf([one]), "en", "day");
    expect(voice.entries.map((e) => [e.name, e.count, e.share])).toEqual([
      ["One", 1, 0.5],
      ["Two", 1, 0.5],
    ]);
  });

  it("returns nothing for an empty scope", async () => {
    expect(await kpis(reads, scopeOf([]))).toMatchObject({ mentions: 0, net: null });
    expect(await topSources(reads, scopeOf([]), "en")).toEqual([]);
    const { user } = await signedInContext({ roles: ["admin"] });
    expect(await shareOfVoice(reads, user, scopeOf([]), "en")).toEqual({ entries: [], overTime: [] });
  });
});
