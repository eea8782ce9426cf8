// The assistant's tools over the analytics queries (issue 15's module): volume over time, the sentiment split
// with net sentiment, share of voice, top sources / authors / trending terms, and comparisons of two projects
// or two periods. Each checks the projects it is given (resolveProjects) before any query runs.
import { z } from "zod";
import { barLengths } from "~/ui/charts/geometry.server";
import { addDays, startOfDay } from "../../core/period";
import type { AssistantBlock } from "../../db/assistant-blocks";
import { getDb } from "../../db/client.server";
import {
  type AnalyticsScope,
  kpis,
  topAuthors,
  topSources,
  trendingTerms,
  shareOfVoice as voiceQuery,
  volume,
} from "../analytics/queries.server";
import { MESSAGE_LANGUAGES, SENTIMENTS, SOURCE_TYPES } from "../messages/feed";
import { type DayRange, previousRange } from "./period";
import {
  type Asker,
  feedParams,
  PROJECTS,
  resolvePeriod,
  resolveProjects,
  scopeArgs,
  type ToolOutcome,
  ToolRefusal,
} from "./tools.server";

export type ScopeArgs = z.infer<typeof scopeArgs>;

// Until this area takes services (issue 27): the analytics queries read through this.
const reads = () => ({ db: getDb() });

function scopeOf(asker: Asker, projectIds: string[], range: DayRange, args: ScopeArgs): AnalyticsScope {
  return {
    scope: projectIds,
    start: startOfDay(range.from, asker.timeZone),
    end: startOfDay(addDays(range.to, 1), asker.timeZone),
    timeZone: asker.timeZone,
    ...(args.sentiment ? { sentiments: [args.sentiment] } : {}),
    ...(args.sourceType ? { sourceTypes: [args.sourceType] } : {}),
    ...(args.language ? { languages: [args.language] } : {}),
  };
}

async function scoped(asker: Asker, args: ScopeArgs) {
  const projects = await resolveProjects(asker, args.projects);
  const range = resolvePeriod(asker, args.period);
  const ids = projects.map((p) => p.id);
  return { projects, range, ids, scope: scopeOf(asker, ids, range, args) };
}

const feedLink = (ids: string[], range: DayRange, args: ScopeArgs): AssistantBlock => ({
  kind: "feed",
  query: feedParams(ids, range, args).toString(),
});

const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
const rounded = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

export async function volumeOverTime(asker: Asker, args: ScopeArgs): Promise<ToolOutcome> {
  const { range, ids, scope, projects } = await scoped(asker, args);
  const points = await volume(reads(), scope, "day");
  const days = points.map((p) => ({ day: p.key, positive: p.positive, neutral: p.neutral, negative: p.negative }));
  const total = points.reduce((sum, p) => sum + p.total, 0);
  const previous = previousRange(range);
  const before = await kpis(reads(), scopeOf(asker, ids, previous, args));
  const peak = points.reduce<(typeof points)[number] | null>(
    (best, p) => (!best || p.total > best.total ? p : best),
    null,
  );
  return {
    result: {
      projects: projects.map((p) => p.name),
      period: range,
      mentions: total,
      perDay: points.map((p) => ({ day: p.key, mentions: p.total, negative: p.negative })),
      busiestDay: peak && peak.total > 0 ? { day: peak.key, mentions: peak.total } : null,
      previousPeriod: { ...previous, mentions: before.mentions },
    },
    blocks: [
      { kind: "volume", title: { key: "blocks.volume", values: { from: range.from, to: range.to } }, days },
      feedLink(ids, range, args),
    ],
    cited: [],
  };
}

export async function sentimentSplit(asker: Asker, args: ScopeArgs): Promise<ToolOutcome> {
  const { range, ids, scope } = await scoped(asker, { ...args, sentiment: undefined });
  const now = await kpis(reads(), scope);
  const previous = previousRange(range);
  const before = await kpis(reads(), scopeOf(asker, ids, previous, args));
  const whole = now.positive + now.neutral + now.negative;
  return {
    result: {
      period: range,
      mentions: whole,
      positive: now.positive,
      neutral: now.neutral,
      negative: now.negative,
      percent: {
        positive: share(now.positive, whole),
        neutral: share(now.neutral, whole),
        negative: share(now.negative, whole),
      },
      netSentiment: rounded(now.net),
      previousPeriod: { ...previous, netSentiment: rounded(before.net), negative: before.negative },
    },
    blocks: [
      {
        kind: "table",
        title: { key: "blocks.sentiment", values: { from: range.from, to: range.to } },
        columns: ["columns.sentiment", "columns.mentions", "columns.percent"],
        rows: SENTIMENTS.map((s) => [{ t: `sentiment.${s}` }, { n: now[s] }, { n: share(now[s], whole) }]),
      },
      feedLink(ids, range, args),
    ],
    cited: [],
  };
}

export async function shareOfVoice(asker: Asker, args: ScopeArgs): Promise<ToolOutcome> {
  const { range, ids, scope } = await scoped(asker, args);
  const voice = await voiceQuery(reads(), asker.user, scope, asker.language, "day");
  // A competitor the user may not see is "other", without its name (analytics' own rule).
  const entries = voice.entries.map((e) => ({
    name: e.name,
    own: e.own,
    mentions: e.count,
    percent: share(e.share, 1),
  }));
  return {
    result: { period: range, entries },
    blocks: [
      {
        kind: "bars",
        title: { key: "blocks.share", values: { from: range.from, to: range.to } },
        nameColumn: "columns.project",
        columns: ["columns.percent", "columns.mentions"],
        rows: entries.map((e, i) => ({
          name: e.name ? { text: e.name } : { t: "blocks.other" },
          length: barLengths(entries.map((x) => x.mentions))[i] as number,
          cells: [{ n: e.percent }, { n: e.mentions }],
        })),
      },
      feedLink(ids, range, args),
    ],
    cited: [],
  };
}

export const topArgs = scopeArgs.extend({
  kind: z.enum(["sources", "authors", "terms"]).describe("What to rank: sources, authors or trending terms"),
  limit: z.number().int().min(1).max(20).optional().describe("How many (default 5)"),
});

export async function topList(asker: Asker, args: z.infer<typeof topArgs>): Promise<ToolOutcome> {
  const { range, ids, scope } = await scoped(asker, args);
  const limit = args.limit ?? 5;
  const title = { key: `blocks.top.${args.kind}`, values: { from: range.from, to: range.to } };
  if (args.kind === "terms") {
    const previous = previousRange(range);
    const terms = await trendingTerms(
      reads(),
      scope,
      { start: startOfDay(previous.from, asker.timeZone), end: scope.start },
      { limit },
    );
    return {
      result: { period: range, terms: terms.map((t) => ({ term: t.term, mentions: t.count, before: t.previous })) },
      blocks: [
        {
          kind: "bars",
          title,
          nameColumn: "columns.term",
          columns: ["columns.mentions", "columns.before"],
          rows: terms.map((t, i) => ({
            name: { text: t.term },
            length: barLengths(terms.map((x) => x.count))[i] as number,
            cells: [{ n: t.count }, { n: t.previous }],
          })),
        },
      ],
      cited: [],
    };
  }
  const rows =
    args.kind === "sources"
      ? await topSources(reads(), scope, asker.language, limit)
      : (await topAuthors(reads(), scope, limit)).map((a) => ({ ...a, name: a.author }));
  return {
    result: {
      period: range,
      [args.kind]: rows.map((r) => ({
        name: r.name,
        mentions: r.count,
        reach: r.reach,
        negative: r.negative,
        positive: r.positive,
      })),
    },
    blocks: [
      {
        kind: "bars",
        title,
        nameColumn: args.kind === "sources" ? "columns.source" : "columns.author",
        columns: ["columns.mentions", "columns.negative"],
        rows: rows.map((r, i) => ({
          name: { text: r.name },
          length: barLengths(rows.map((x) => x.count))[i] as number,
          sentiment: { positive: r.positive, neutral: r.neutral, negative: r.negative },
          cells: [{ n: r.count }, { n: r.negative }],
        })),
      },
      feedLink(ids, range, args),
    ],
    cited: [],
  };
}

export const compareArgs = z.object({
  projects: PROJECTS.describe("Two project ids to compare over one period, or one (or none) to compare two periods"),
  periods: z
    .array(z.string().max(100))
    .max(2)
    .optional()
    .describe("Two periods to compare for the same projects; or one period for two projects"),
  sentiment: z.enum(SENTIMENTS).optional(),
  sourceType: z.enum(SOURCE_TYPES).optional(),
  language: z.enum(MESSAGE_LANGUAGES).optional(),
});

/** Two projects over one period, or the same projects over two periods (the second: the one before). */
export async function compare(asker: Asker, args: z.infer<typeof compareArgs>): Promise<ToolOutcome> {
  const projects = await resolveProjects(asker, args.projects);
  const periods = (args.periods ?? []).map((p) => resolvePeriod(asker, p));
  const byProject = (args.projects?.length ?? 0) >= 2;
  if (!byProject && projects.length === 0) throw new ToolRefusal("This user has no projects to compare.");
  const first = periods[0] ?? resolvePeriod(asker, undefined);
  const sides = byProject
    ? projects.slice(0, 2).map((p) => ({ label: p.name, ids: [p.id], range: first }))
    : [first, periods[1] ?? previousRange(first)].map((range) => ({
        label: `${range.from}..${range.to}`,
        ids: projects.map((p) => p.id),
        range,
      }));
  const figures = await Promise.all(
    sides.map(async (side) => {
      const k = await kpis(reads(), scopeOf(asker, side.ids, side.range, args));
      return { ...side, ...k };
    }),
  );
  return {
    result: {
      comparing: byProject ? "projects" : "periods",
      sides: figures.map((f) => ({
        label: f.label,
        period: f.range,
        mentions: f.mentions,
        reach: f.reach,
        positive: f.positive,
        neutral: f.neutral,
        negative: f.negative,
        netSentiment: rounded(f.net),
      })),
    },
    blocks: [
      {
        kind: "table",
        title: { key: byProject ? "blocks.compareProjects" : "blocks.comparePeriods" },
        columns: [
          byProject ? "columns.project" : "columns.period",
          "columns.mentions",
          "columns.negative",
          "columns.netSentiment",
        ],
        rows: figures.map((f) => [
          byProject ? { text: f.label } : { from: f.range.from, to: f.range.to },
          { n: f.mentions },
          { n: f.negative },
          f.net === null ? { text: "—" } : { n: rounded(f.net) as number },
        ]),
      },
      feedLink(
        [...new Set(figures.flatMap((f) => f.ids))],
        {
          from: figures.map((f) => f.range.from).sort()[0] as string,
          to: figures
            .map((f) => f.range.to)
            .sort()
            .at(-1) as string,
        },
        args,
      ),
    ],
    cited: [],
  };
}
