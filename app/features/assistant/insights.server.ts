// The assistant's tools over the analytics queries (issue 15's module): volume over time, the sentiment split
// with net sentiment, share of voice, top sources and authors, the topics (issue 30), and comparisons of two
// projects or two periods. Each checks the projects it is given (resolveScope) before any query runs.
import { z } from "zod";
import type { Services } from "~/core/context.server";
import { SENTIMENTS } from "~/core/count.server";
import type { DayRange, Range } from "~/core/period";
import type { Reader } from "~/core/reader";
import type { ProjectScope } from "~/core/scope.server";
import type { AssistantBlock } from "~/db/assistant-blocks";
import { MESSAGE_LANGUAGES, SOURCE_TYPES } from "~/db/mention-model";
import {
  type AnalyticsScope,
  kpis,
  topAuthors,
  topSources,
  shareOfVoice as voiceQuery,
  volume,
} from "~/features/analytics/queries.server";
import { volumeAxis } from "~/features/mentions/mentions.server";
import { periodTopics } from "~/features/topics/topics.server";
import { barLengths } from "~/ui/charts/geometry.server";
import {
  askedBy,
  facetsOf,
  feedParams,
  MENTION_TEXT_NOTE,
  newestMentions,
  PROJECTS,
  resolvePeriod,
  resolveScope,
  type ScopeArgs,
  scopeArgs,
  type Tool,
  ToolRefusal,
} from "./tools.server";

/** The analytics queries' scope: the projects, days of the reader's zone and the call's facets. */
function analyticsScope(reader: Reader, scope: ProjectScope, range: Range, args: ScopeArgs): AnalyticsScope {
  return { scope, start: range.start, end: range.end, timeZone: reader.timeZone, ...facetsOf(args) };
}

async function scoped(services: Services, reader: Reader, args: ScopeArgs) {
  const { projects, scope: projectScope, link } = await resolveScope(services, reader, args.projects);
  const period = resolvePeriod(reader, args.period);
  const ids = projects.map((p) => p.id);
  const scope = analyticsScope(reader, projectScope, period, args);
  return { projects, period, ids, projectScope, link, scope };
}

/** Just the days of a period (results are JSON for the model; titles take them as values). */
const days = (range: DayRange) => ({ from: range.from, to: range.to });

const feedLink = (ids: string[], range: DayRange, args: ScopeArgs): AssistantBlock => ({
  kind: "feed",
  query: feedParams(ids, range, args).toString(),
});

const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
const rounded = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

export const volumeOverTime: Tool<typeof scopeArgs> = async (services, reader, args) => {
  const { period, projectScope, link, scope, projects } = await scoped(services, reader, args);
  const points = await volume(services, scope, "day");
  const total = points.reduce((sum, p) => sum + p.total, 0);
  const before = await kpis(services, analyticsScope(reader, projectScope, period.previous, args));
  const peak = points.reduce<(typeof points)[number] | null>(
    (best, p) => (!best || p.total > best.total ? p : best),
    null,
  );
  return {
    result: {
      projects: projects.map((p) => p.name),
      period: days(period),
      mentions: total,
      perDay: points.map((p) => ({ day: p.key, mentions: p.total, negative: p.negative })),
      busiestDay: peak && peak.total > 0 ? { day: peak.key, mentions: peak.total } : null,
      previousPeriod: { ...days(period.previous), mentions: before.mentions },
    },
    blocks: [
      {
        kind: "volume",
        title: { key: "blocks.volume", values: days(period) },
        days: points.map((p) => ({ day: p.key, positive: p.positive, neutral: p.neutral, negative: p.negative })),
        axis: volumeAxis(points),
      },
      feedLink(link, period, args),
    ],
    cited: [],
  };
};

export const sentimentSplit: Tool<typeof scopeArgs> = async (services, reader, args) => {
  const unfiltered = { ...args, sentiment: undefined };
  const { period, projectScope, link, scope } = await scoped(services, reader, unfiltered);
  const now = await kpis(services, scope);
  const before = await kpis(services, analyticsScope(reader, projectScope, period.previous, unfiltered));
  const whole = now.positive + now.neutral + now.negative;
  return {
    result: {
      period: days(period),
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
      previousPeriod: { ...days(period.previous), netSentiment: rounded(before.net), negative: before.negative },
    },
    blocks: [
      {
        kind: "table",
        title: { key: "blocks.sentiment", values: days(period) },
        columns: ["columns.sentiment", "columns.mentions", "columns.percent"],
        rows: SENTIMENTS.map((s) => [{ t: `sentiment.${s}` }, { n: now[s] }, { n: share(now[s], whole) }]),
      },
      feedLink(link, period, args),
    ],
    cited: [],
  };
};

export const shareOfVoice: Tool<typeof scopeArgs> = async (services, reader, args) => {
  const { period, link, scope } = await scoped(services, reader, args);
  const voice = await voiceQuery(services, reader, scope, reader.language, "day");
  // A competitor the reader may not see is "other", without its name (analytics' own rule).
  const entries = voice.entries.map((e) => ({
    name: e.name,
    own: e.own,
    mentions: e.count,
    percent: share(e.share, 1),
  }));
  return {
    result: { period: days(period), entries },
    blocks: [
      {
        kind: "bars",
        title: { key: "blocks.share", values: days(period) },
        nameColumn: "columns.project",
        columns: ["columns.percent", "columns.mentions"],
        rows: entries.map((e, i) => ({
          name: e.name ? { text: e.name } : { t: "blocks.other" },
          length: barLengths(entries.map((x) => x.mentions))[i] as number,
          cells: [{ n: e.percent }, { n: e.mentions }],
        })),
      },
      feedLink(link, period, args),
    ],
    cited: [],
  };
};

export const topArgs = scopeArgs.extend({
  kind: z.enum(["sources", "authors"]).describe("What to rank: sources or authors"),
  limit: z.number().int().min(1).max(20).optional().describe("How many (default 5)"),
});

export const topList: Tool<typeof topArgs> = async (services, reader, args) => {
  const { period, link, scope } = await scoped(services, reader, args);
  const limit = args.limit ?? 5;
  const title = { key: `blocks.top.${args.kind}`, values: days(period) };
  // Each row's feed: the call's projects, days and facets, and the source or author it counted.
  const ranked =
    args.kind === "sources"
      ? (await topSources(services, scope, reader.language, limit)).map((r) => ({ ...r, filter: { source: r.id } }))
      : (await topAuthors(services, scope, limit)).map((r) => ({ ...r, name: r.author, filter: { author: r.author } }));
  const rows = ranked.map(({ filter, ...r }) => {
    const params = feedParams(link, period, args);
    for (const [name, value] of Object.entries(filter)) params.set(name, value);
    return { ...r, feed: params.toString() };
  });
  return {
    result: {
      period: days(period),
      [args.kind]: rows.map((r) => ({
        name: r.name,
        mentions: r.count,
        reach: r.reach,
        negative: r.negative,
        positive: r.positive,
        link: `/messages?${r.feed}`,
      })),
    },
    blocks: [
      {
        kind: "bars",
        title,
        nameColumn: args.kind === "sources" ? "columns.source" : "columns.author",
        columns: ["columns.mentions", "columns.negative"],
        rows: rows.map((r, i) => ({
          name: { text: r.name, feed: r.feed },
          length: barLengths(rows.map((x) => x.count))[i] as number,
          sentiment: { positive: r.positive, neutral: r.neutral, negative: r.negative },
          cells: [{ n: r.count }, { n: r.negative }],
        })),
      },
      feedLink(link, period, args),
    ],
    cited: [],
  };
};

export const topicsArgs = scopeArgs.extend({
  limit: z.number().int().min(1).max(10).optional().describe("How many topics (default 5)"),
});

/** Mentions cited per topic, and how many of its newest are read to find them uncited by a topic before it. */
const TOPIC_EXAMPLES = 2;
const TOPIC_EXAMPLES_READ = 8;

/**
 * What the mentions are about (features/topics, as analytics finds them): the phrases much more frequent in them
 * than in the rest of the workspace, one topic per row. Each topic's count is the messages feed's total for
 * its link (so "Open in messages" shows that number), with the same search in the period before, its
 * sentiment mix, and its newest mentions to cite.
 */
export const topics: Tool<typeof topicsArgs> = async (services, reader, args) => {
  const { period, scope, link } = await scoped(services, reader, args);
  // As analytics counts them (the same rows, most mentions first), each link naming the projects counted.
  const rows = await periodTopics(services, askedBy(reader), scope, period.previous, {
    limit: args.limit ?? 5,
    against: ["workspace"],
    linkProjects: link,
    language: reader.language,
  });
  const newest = await Promise.all(
    rows.map((row) => newestMentions(services, reader, new URLSearchParams(row.query), TOPIC_EXAMPLES_READ)),
  );
  // A mention in two topics' feeds is cited once, under the first topic.
  const seen = new Set<string>();
  const examples = newest.map(({ cited, forModel }) => {
    const fresh = cited.filter((m) => !seen.has(m.id)).slice(0, TOPIC_EXAMPLES);
    for (const m of fresh) seen.add(m.id);
    const ids = new Set(fresh.map((m) => m.id));
    return { cited: fresh, forModel: forModel.filter((m) => ids.has(m.id)) };
  });
  const percent = (share: number) => Math.round(share * 1000) / 10;
  return {
    result: {
      period: days(period),
      previousPeriod: days(period.previous),
      note: MENTION_TEXT_NOTE,
      // Nothing stood out against the rest of the workspace: these are the most frequent phrases; say so.
      mostFrequentPhrases: rows[0]?.frequent ?? false,
      topics: rows.map((row, i) => ({
        topic: row.label,
        phrases: row.phrases,
        mentions: row.count,
        estimated: row.estimated,
        mentionsBefore: row.previous,
        percent: {
          positive: percent(row.mix.positive),
          neutral: percent(row.mix.neutral),
          negative: percent(row.mix.negative),
        },
        link: `/messages?${row.query}`,
        newest: examples[i]?.forModel ?? [],
      })),
    },
    blocks: rows.length
      ? [
          {
            kind: "bars",
            title: { key: "blocks.topics", values: days(period) },
            nameColumn: "columns.topic",
            columns: ["columns.mentions", "columns.before"],
            rows: rows.map((row, i) => ({
              name: { text: row.label, feed: row.query },
              length: barLengths(rows.map((r) => r.count))[i] as number,
              sentiment: row.mix,
              cells: [{ n: row.count }, { n: row.previous }],
            })),
          },
          { kind: "mentions", items: examples.flatMap((e) => e.cited) },
        ]
      : [],
    cited: examples.flatMap((e) => e.cited),
  };
};

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
export const compare: Tool<typeof compareArgs> = async (services, reader, args) => {
  const { projects, scope, link } = await resolveScope(services, reader, args.projects);
  const periods = (args.periods ?? []).map((p) => resolvePeriod(reader, p));
  const byProject = (args.projects?.length ?? 0) >= 2;
  if (!byProject && projects.length === 0) throw new ToolRefusal("This user has no projects to compare.");
  const first = periods[0] ?? resolvePeriod(reader, undefined);
  const sides = byProject
    ? projects
        .slice(0, 2)
        .map((p) => ({ label: p.name, scope: [p.id], link: [p.id], range: first as Range & DayRange }))
    : [first, periods[1] ?? first.previous].map((range) => ({
        label: `${range.from}..${range.to}`,
        scope,
        link,
        range,
      }));
  const figures = await Promise.all(
    sides.map(async (side) => ({
      ...side,
      ...(await kpis(services, analyticsScope(reader, side.scope, side.range, args))),
    })),
  );
  return {
    result: {
      comparing: byProject ? "projects" : "periods",
      sides: figures.map((f) => ({
        label: f.label,
        period: days(f.range),
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
          byProject ? { text: f.label } : days(f.range),
          { n: f.mentions },
          { n: f.negative },
          f.net === null ? { text: "—" } : { n: rounded(f.net) as number },
        ]),
      },
      feedLink(
        [...new Set(figures.flatMap((f) => f.link))],
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
};
