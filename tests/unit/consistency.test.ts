// One answer on every screen (issue 27, ADR 042, ADR 043). For readers in UTC+14, UTC−10 and UTC+5, for one
// project and for all projects, for every preset each screen offers and a custom range, every screen gives
// the number the seeded mentions give: the overview, analytics (the page and each chart's CSV), the project
// page, the feed (its total and its export's rows), a report made for the same days and the assistant's
// count; day by day where a screen shows days. Mentions sit in the first and the last hour of every day of
// each zone, some match two projects, some none, some are archived: a screen that buckets by UTC, ends a
// period a day early, counts a mention once per project or counts unmatched or archived ones is off. The
// expected numbers are worked out here from the seeded list with the zones' fixed offsets (none of them
// changes its clocks), not by the counting module; the expected days are written out by hand.
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { requireReader } from "~/core/context.server";
import type { DatabaseHandle } from "~/db/client.server";
import { reports } from "~/db/schema";
import { analystAnswer } from "~/features/assistant/analyst.server";
import { callTool } from "~/features/assistant/registry.server";
import type { ReportSnapshot } from "~/features/reports/snapshot";
import { loader as overviewLoader } from "~/routes/_app._index";
import { loader as analyticsLoader } from "~/routes/_app.analytics";
import { loader as feedLoader } from "~/routes/_app.messages";
import { loader as projectLoader } from "~/routes/_app.projects.$projectId";
import { action as createReport } from "~/routes/_app.reports.new";
import { loader as analyticsExport } from "~/routes/analytics.export";
import { loader as feedExport } from "~/routes/messages.export";
import { aProject, aSource, type MentionSpec, mentions, openTestDatabase } from "../support/builders";
import { ORIGIN } from "../support/route";
import { testServices } from "../support/services";
import { adminIn, argsIn, type SignedInContext } from "../support/session";

const HOUR = 3_600_000;
/** Tuesday 31 March 2026, 12:00 UTC: already 1 April in Kiritimati, still 31 March in Honolulu and Tashkent. */
const NOW = new Date("2026-03-31T12:00:00Z");
const OFFSETS = { "Pacific/Kiritimati": 14, "Pacific/Honolulu": -10, "Asia/Tashkent": 5 } as const;
type Zone = keyof typeof OFFSETS;
const ZONES = Object.keys(OFFSETS) as Zone[];

type Days = readonly [from: string, to: string];
/** What each preset covers at NOW: "N days" end today, "last week" is the previous ISO week. */
type PresetDays = Record<"7" | "30" | "90" | "this-month" | "last-week" | "last-month", Days>;
/** Honolulu and Tashkent are on 31 March. */
const MARCH_31: PresetDays = {
  "7": ["2026-03-25", "2026-03-31"],
  "30": ["2026-03-02", "2026-03-31"],
  "90": ["2026-01-01", "2026-03-31"],
  "this-month": ["2026-03-01", "2026-03-31"],
  "last-week": ["2026-03-23", "2026-03-29"],
  "last-month": ["2026-02-01", "2026-02-28"],
};
const PRESET_DAYS: Record<Zone, PresetDays> = {
  "Pacific/Kiritimati": {
    "7": ["2026-03-26", "2026-04-01"],
    "30": ["2026-03-03", "2026-04-01"],
    "90": ["2026-01-02", "2026-04-01"],
    "this-month": ["2026-04-01", "2026-04-01"],
    "last-week": ["2026-03-23", "2026-03-29"],
    "last-month": ["2026-03-01", "2026-03-31"],
  },
  "Pacific/Honolulu": MARCH_31,
  "Asia/Tashkent": MARCH_31,
};
const CUSTOM: Days = ["2026-02-26", "2026-03-03"];

// Calendar days as plain UTC dates; a zone's day is shifted by its offset.
const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const plusDays = (day: string, n: number) => new Date(dayMs(day) + n * DAY_MS).toISOString().slice(0, 10);
const daysOf = ([from, to]: Days) =>
  Array.from({ length: (dayMs(to) - dayMs(from)) / DAY_MS + 1 }, (_, i) => plusDays(from, i));
/** The same number of days just before. */
const previousOf = (days: Days): Days => {
  const length = daysOf(days).length;
  return [plusDays(days[0], -length), plusDays(days[0], -1)];
};
const localDay = (at: number, zone: Zone) => new Date(at + OFFSETS[zone] * HOUR).toISOString().slice(0, 10);
const midnight = (day: string, zone: Zone) => dayMs(day) - OFFSETS[zone] * HOUR;

type Sentiment = "positive" | "neutral" | "negative";
interface Seeded {
  id: string;
  at: number;
  projects: string[];
  archived: boolean;
  sentiment: Sentiment;
  reach: number;
  source: string;
  type: string;
  language: string;
  author: string;
}

let handle: DatabaseHandle;
let nurbank: string;
let orzu: string;
let kapital: string;
const seeded: Seeded[] = [];

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  handle = await openTestDatabase();
  nurbank = (await aProject(handle, { name: "Nurbank" })).id;
  orzu = (await aProject(handle, { name: "Orzu" })).id;
  kapital = (await aProject(handle, { name: "Kapital" })).id;
  const sources = [
    await aSource(handle, { type: "rss", name: "Wire" }),
    await aSource(handle, { type: "telegram", name: "Channel", url: "channel" }),
    await aSource(handle, { type: "website", name: "Site", url: "https://site.example/" }),
  ];
  // Which projects a mention matched, by turns: one, two at once, none.
  const sets = [[nurbank], [nurbank, orzu], [orzu], [nurbank], [], [kapital], [nurbank]];
  const languages = ["en", "ru", "uz", "uz-Cyrl", "de", null];
  const authors = ["Ali", "Vali", "Gani", "Zarina"];
  const sentiments: Sentiment[] = ["positive", "neutral", "negative"];
  const planned: Array<Omit<Seeded, "id"> & { sourceIndex: number; stored: string | null }> = [];
  // Every day from before the earliest period's previous one to the day after the latest, in each zone:
  // 1–3 mentions in its first hour and 1–3 in its last, so no two neighbouring days hold the same number.
  const days = daysOf(["2025-09-25", "2026-04-02"]);
  for (const [z, zone] of ZONES.entries()) {
    for (const [d, day] of days.entries()) {
      for (const edge of [0, 1]) {
        const count = 1 + ((d * 5 + z * 2 + edge) % 3);
        for (let j = 0; j < count; j++) {
          const minute = edge === 0 ? 5 + j * 7 : 24 * 60 - 6 - j * 7;
          const c = planned.length;
          const stored = languages[c % languages.length] ?? null;
          const sourceIndex = Math.floor(c / 2) % sources.length;
          const source = sources[sourceIndex] as { name: string; type: string };
          planned.push({
            at: midnight(day, zone) + minute * 60_000,
            projects: sets[c % sets.length] as string[],
            archived: c % 11 === 3,
            sentiment: sentiments[c % 3] as Sentiment,
            reach: (c * 37) % 1000,
            sourceIndex,
            source: source.name,
            type: source.type,
            stored,
            // The rollups' languages: any other or unknown one is `other`.
            language: stored && ["en", "ru", "uz", "uz-Cyrl"].includes(stored) ? stored : "other",
            author: authors[c % authors.length] as string,
          });
        }
      }
    }
  }
  // Stored a group at a time (one source, one set of projects), as the collector links them.
  const groups = Map.groupBy(planned, (m) => `${m.sourceIndex}|${m.projects.join()}`);
  for (const group of groups.values()) {
    const first = group[0] as (typeof planned)[number];
    const stored = await mentions(handle, {
      source: sources[first.sourceIndex] as { id: string },
      projectIds: first.projects,
      items: group.map(
        (m): MentionSpec => ({
          at: new Date(m.at),
          sentiment: m.sentiment,
          reach: m.reach,
          language: m.stored ?? undefined,
          author: m.author,
          isArchived: m.archived,
        }),
      ),
    });
    for (const [i, { sourceIndex: _, stored: __, ...m }] of group.entries()) {
      seeded.push({ ...m, id: (stored[i] as { id: string }).id });
    }
  }
}, 120_000);
afterAll(async () => {
  vi.useRealTimers();
  await handle.close();
});

/** "all": the mentions of any project; else of one of these. */
type Scope = "all" | string[];

/** The seeded mentions a scope counts over days of a zone: of its projects, not archived. */
function counted(zone: Zone, scope: Scope, days: Days): Seeded[] {
  const start = midnight(days[0], zone);
  const end = midnight(plusDays(days[1], 1), zone);
  return seeded.filter(
    (m) =>
      !m.archived &&
      m.at >= start &&
      m.at < end &&
      (scope === "all" ? m.projects.length > 0 : m.projects.some((p) => scope.includes(p))),
  );
}

const bySentiment = (list: Seeded[]) => ({
  positive: list.filter((m) => m.sentiment === "positive").length,
  neutral: list.filter((m) => m.sentiment === "neutral").length,
  negative: list.filter((m) => m.sentiment === "negative").length,
});
const totals = (list: Seeded[]) => ({
  mentions: list.length,
  reach: list.reduce((sum, m) => sum + m.reach, 0),
  ...bySentiment(list),
});
function tally(list: Seeded[], key: (m: Seeded) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of list) counts[key(m)] = (counts[key(m)] ?? 0) + 1;
  return counts;
}
/** Each day of the period by sentiment, every day present. */
const perDay = (zone: Zone, scope: Scope, days: Days) =>
  daysOf(days).map((day) => ({ day, ...bySentiment(counted(zone, scope, [day, day])) }));

const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));

async function csvRows(response: Response): Promise<Array<Record<string, string>>> {
  return parse((await response.text()).replace(/^\uFEFF/, ""), { columns: true });
}

/** The URL parameters of a period choice. */
const periodParams = (choice: string) =>
  choice === "custom" ? `from=${CUSTOM[0]}&to=${CUSTOM[1]}` : `period=${choice}`;
const daysFor = (zone: Zone, choice: string): Days =>
  choice === "custom" ? CUSTOM : PRESET_DAYS[zone][choice as keyof PresetDays];

const ANALYTICS_PERIODS = ["7", "30", "90", "this-month", "last-month", "custom"];
const OVERVIEW_PERIODS = ["7", "30", "90"];
const FEED_PERIODS = ["7", "30", "90", "custom"];
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

describe.each(ZONES)("a reader in %s", (zone) => {
  describe.each(["one project", "all projects"])("%s", (which) => {
    const one = which === "one project";
    let context: SignedInContext;
    let scope: Scope;
    beforeAll(async () => {
      context = await adminIn(zone, one ? nurbank : null);
      scope = one ? [nurbank] : "all";
    });

    it("the overview: its figures, the period before and each day", async () => {
      for (const period of OVERVIEW_PERIODS) {
        const days = daysFor(zone, period);
        const data = (await overviewLoader(argsIn(context, `/?period=${period}`))) as any;
        const label = { period };
        expect({ ...label, days: [data.from, data.to] }).toEqual({ ...label, days: [...days] });
        expect({ ...label, ...pick(data.current) }).toEqual({ ...label, ...pick(totals(counted(zone, scope, days))) });
        expect({ ...label, ...pick(data.previous) }).toEqual({
          ...label,
          ...pick(totals(counted(zone, scope, previousOf(days)))),
        });
        expect({ ...label, volume: data.volume }).toEqual({ ...label, volume: perDay(zone, scope, days) });
      }
    });

    it("analytics: the page and each chart's CSV", async () => {
      for (const period of ANALYTICS_PERIODS) {
        const days = daysFor(zone, period);
        const list = counted(zone, scope, days);
        const label = { period };
        const data = (await analyticsLoader(argsIn(context, `/analytics?${periodParams(period)}`))) as any;
        expect({ ...label, days: [data.period.from, data.period.to] }).toEqual({ ...label, days: [...days] });
        expect({ ...label, ...pick(data.kpis.current) }).toEqual({ ...label, ...pick(totals(list)) });
        expect({ ...label, ...pick(data.kpis.previous) }).toEqual({
          ...label,
          ...pick(totals(counted(zone, scope, previousOf(days)))),
        });

        const chart = async (id: string) =>
          csvRows(
            (await analyticsExport(
              argsIn(context, `/analytics/export?chart=${id}&${periodParams(period)}`),
            )) as unknown as Response,
          );
        // Volume and reach: per day of the reader's zone, or per UTC hour for a period of up to three days.
        const hourly = daysOf(days).length <= 3;
        const bucketOf = (m: Seeded) => (hourly ? new Date(m.at - (m.at % HOUR)).toISOString() : localDay(m.at, zone));
        const volume = await chart("volume");
        const key = hourly ? "hour_utc" : "day";
        if (!hourly) expect({ ...label, days: volume.map((r) => r.day) }).toEqual({ ...label, days: daysOf(days) });
        const sentimentByBucket = (s: Sentiment) =>
          nonZero(
            tally(
              list.filter((m) => m.sentiment === s),
              bucketOf,
            ),
          );
        for (const s of ["positive", "neutral", "negative"] as const) {
          const drawn = nonZero(Object.fromEntries(volume.map((r) => [r[key] as string, Number(r[s])])));
          expect({ ...label, sentiment: s, drawn }).toEqual({ ...label, sentiment: s, drawn: sentimentByBucket(s) });
        }
        const reach = Object.fromEntries((await chart("reach")).map((r) => [r[key], Number(r.reach)]));
        const reachByBucket: Record<string, number> = {};
        for (const m of list) reachByBucket[bucketOf(m)] = (reachByBucket[bucketOf(m)] ?? 0) + m.reach;
        expect({ ...label, reach: nonZero(reach) }).toEqual({ ...label, reach: nonZero(reachByBucket) });

        const sentiment = Object.fromEntries((await chart("sentiment")).map((r) => [r.sentiment, Number(r.mentions)]));
        expect({ ...label, sentiment }).toEqual({ ...label, sentiment: bySentiment(list) });

        const column = (rows: Array<Record<string, string>>, name: string, value = "mentions") =>
          nonZero(Object.fromEntries(rows.map((r) => [r[name] as string, Number(r[value])])));
        expect({ ...label, types: column(await chart("types"), "source_type") }).toEqual({
          ...label,
          types: tally(list, (m) => m.type),
        });
        expect({ ...label, languages: column(await chart("languages"), "language") }).toEqual({
          ...label,
          languages: tally(list, (m) => m.language),
        });
        expect({ ...label, sources: column(await chart("sources"), "source") }).toEqual({
          ...label,
          sources: tally(list, (m) => m.source),
        });
        expect({ ...label, authors: column(await chart("authors"), "author") }).toEqual({
          ...label,
          authors: tally(list, (m) => m.author),
        });
        const heat = nonZero(
          Object.fromEntries((await chart("heatmap")).map((r) => [`${r.weekday} ${r.hour}`, Number(r.mentions)])),
        );
        const local = (m: Seeded) => new Date(m.at + OFFSETS[zone] * HOUR);
        expect({ ...label, heat }).toEqual({
          ...label,
          heat: tally(list, (m) => `${WEEKDAYS[(local(m).getUTCDay() + 6) % 7]} ${local(m).getUTCHours()}`),
        });
        // Share of voice counts a mention for each project it matched.
        const names = { [nurbank]: "Nurbank", [orzu]: "Orzu", [kapital]: "Kapital" };
        const perProject = Object.fromEntries(
          (one ? [nurbank] : [nurbank, orzu, kapital]).map((id) => [names[id], counted(zone, [id], days).length]),
        );
        expect({ ...label, voice: column(await chart("voice"), "project") }).toEqual({
          ...label,
          voice: nonZero(perProject),
        });
      }
    });

    if (one)
      it("the project page: its last 30 days, day by day", async () => {
        const data = (await projectLoader(argsIn(context, `/projects/${nurbank}`, { projectId: nurbank }))) as any;
        expect(data.volume).toEqual(perDay(zone, scope, PRESET_DAYS[zone]["30"]));
        // Its total for the period is the feed's for the project and period its link opens.
        expect(data.total).toBe(counted(zone, scope, daysFor(zone, "30")).length);
        const link = new URLSearchParams({ project: nurbank, period: data.period.preset });
        const feed = (await feedLoader(argsIn(context, `/messages?${link}`))) as any;
        expect(feed.total).toEqual({ count: data.total, estimated: false });
      });

    it("the feed: its total, its export's rows and their days", async () => {
      for (const period of FEED_PERIODS) {
        const days = daysFor(zone, period);
        const list = counted(zone, scope, days);
        const label = { period };
        const data = (await feedLoader(argsIn(context, `/messages?${periodParams(period)}`))) as any;
        expect({ ...label, total: data.total }).toEqual({ ...label, total: { count: list.length, estimated: false } });
        const rows = await csvRows(
          (await feedExport(argsIn(context, `/messages/export?${periodParams(period)}`))) as any,
        );
        expect({ ...label, rows: rows.map((r) => r.id).sort() }).toEqual({
          ...label,
          rows: list.map((m) => m.id).sort(),
        });
        expect({
          ...label,
          days: tally(rows as never, (r) => localDay(Date.parse((r as any).published_at), zone)),
        }).toEqual({
          ...label,
          days: tally(list, (m) => localDay(m.at, zone)),
        });
      }
    });

    if (one)
      it("a report for the same days: its figures, the period before and each day", async () => {
        const choices = [
          ["last_week", "last-week"],
          ["last_month", "last-month"],
          ["last_30_days", "30"],
          ["custom", "custom"],
        ] as const;
        for (const [period, choice] of choices) {
          const days = daysFor(zone, choice);
          const form = new URLSearchParams({ projectId: nurbank, period, language: "en", topMentionsCount: "5" });
          if (period === "custom")
            for (const [name, day] of [
              ["from", CUSTOM[0]],
              ["to", CUSTOM[1]],
            ])
              form.set(name, day as string);
          for (const section of ["kpis", "volume", "sentiment"]) form.append("sections", section);
          const response = (await createReport(
            argsIn(
              context,
              "",
              {},
              new Request(`${ORIGIN}/reports/new`, { method: "POST", body: form, headers: { Origin: ORIGIN } }),
            ),
          )) as Response;
          const id = response.headers.get("Location")?.split("/").at(-1) as string;
          const [report] = await handle.db.select().from(reports).where(eq(reports.id, id));
          const snapshot = report?.snapshot as unknown as ReportSnapshot;
          const label = { period };
          expect({ ...label, days: [report?.periodStart, report?.periodEnd] }).toEqual({ ...label, days: [...days] });
          const now = totals(counted(zone, scope, days));
          const then = totals(counted(zone, scope, previousOf(days)));
          expect({ ...label, kpis: snapshot.kpis }).toMatchObject({
            ...label,
            kpis: {
              mentions: { value: now.mentions, previous: then.mentions },
              reach: { value: now.reach, previous: then.reach },
              positive: { value: now.positive, previous: then.positive },
              negative: { value: now.negative, previous: then.negative },
            },
          });
          expect({ ...label, sentiment: snapshot.sentiment }).toEqual({
            ...label,
            sentiment: bySentiment(counted(zone, scope, days)),
          });
          expect({ ...label, volume: snapshot.volume }).toEqual({ ...label, volume: perDay(zone, scope, days) });
        }
      });

    it("the assistant's count", async () => {
      const reader = requireReader(context);
      const named = one ? " of Nurbank" : "";
      const answer = await analystAnswer(
        testServices(),
        reader,
        `How many mentions${named} in the last 30 days?`,
        { introduce: false },
        { text() {}, tool() {} },
      );
      expect(answer.toolCalls[0]?.result).toMatchObject({
        mentions: counted(zone, scope, PRESET_DAYS[zone]["30"]).length,
        estimated: false,
      });
      const words = [
        ["last 7 days", "7"],
        ["last 90 days", "90"],
        ["this month", "this-month"],
        ["last week", "last-week"],
        ["last month", "last-month"],
        [`${CUSTOM[0]}..${CUSTOM[1]}`, "custom"],
      ] as const;
      for (const [period, choice] of words) {
        const tool = await callTool(testServices(), reader, "count_mentions", {
          period,
          ...(one ? { projects: [nurbank] } : {}),
        });
        const label = { period };
        expect({ ...label, mentions: tool.result.mentions }).toEqual({
          ...label,
          mentions: counted(zone, scope, daysFor(zone, choice)).length,
        });
      }
    });
  });
});

/** The figures the overview, analytics and reports all show. */
function pick(kpis: { mentions: number; reach: number; positive: number; negative: number }) {
  return { mentions: kpis.mentions, reach: kpis.reach, positive: kpis.positive, negative: kpis.negative };
}
