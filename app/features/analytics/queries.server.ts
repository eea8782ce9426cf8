// Analytics queries (ADR 029, ADR 043). Every function takes one AnalyticsScope (projects already narrowed to
// what the reader may see, a period as instants, the reader's zone, optional filters) and returns plain
// serialisable data. Counts, reach, sentiment, sources, source types, languages, series and the heat map come
// from the rollups through core/count: a mention counts once in a total and archived mentions count nowhere;
// share of voice is a per-project breakdown (a mention counts for each project it matched). Authors read
// the messages themselves; topics are in features/topics.
import { sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import {
  countBy,
  countByAuthor,
  countByProject,
  countByWeekHour,
  countMentions,
  type MentionQuery,
  type MentionTotals,
  mentionSeries,
  NO_MENTIONS,
  netSentiment as net,
  SENTIMENTS,
  type SentimentCounts,
  type SeriesPeriod,
  seriesByProject,
} from "~/core/count.server";
import { addDays, bucketKeys, dayOf, daysBetween, HOURLY_UP_TO_DAYS, type Range } from "~/core/period";
import type { Audience } from "~/core/reader";
import { canSeeProject, inScope } from "~/core/scope.server";
import { queryRows, uuidArray, uuids } from "~/core/sql.server";
import type { Translations } from "~/db/schema";
import { inLanguage } from "~/lib/translations";

export { SENTIMENTS };

/** What the queries read: the database. */
type Reads = Pick<Services, "db">;

export interface AnalyticsScope extends MentionQuery {
  /** The reader's zone: days and hours of the week are theirs. */
  timeZone: string;
}

export interface Kpis extends SentimentCounts {
  mentions: number;
  reach: number;
  /** (P − N) / (P + N), null without opinionated mentions. */
  net: number | null;
}

export interface VolumePoint extends SentimentCounts {
  /** A local day (`yyyy-mm-dd`) or an hour's UTC instant (ISO). */
  key: string;
  total: number;
  reach: number;
  net: number | null;
}

const nothing = (scope: AnalyticsScope) => scope.scope !== "all" && scope.scope.length === 0;

/** A scope's period as buckets: by hour up to a few days, else by local day. */
export function seriesPeriod(scope: AnalyticsScope, bucket?: "hour" | "day"): SeriesPeriod {
  const from = dayOf(scope.start, scope.timeZone);
  const days = daysBetween(from, dayOf(new Date(scope.end.getTime() - 1), scope.timeZone)) + 1;
  return {
    from,
    days,
    bucket: bucket ?? (days <= HOURLY_UP_TO_DAYS ? "hour" : "day"),
    start: scope.start,
    end: scope.end,
    timeZone: scope.timeZone,
  };
}

/** Mentions, reach and the sentiment split of the scope. */
export async function kpis({ db }: Reads, scope: AnalyticsScope): Promise<Kpis> {
  const { total, ...rest } = await countMentions(db, scope);
  return { mentions: total, ...rest, net: net(rest) };
}

/** Mentions by sentiment, reach and net sentiment per bucket, every bucket of the period present. */
export async function volume({ db }: Reads, scope: AnalyticsScope, bucket?: "hour" | "day"): Promise<VolumePoint[]> {
  const series = await mentionSeries(db, scope, seriesPeriod(scope, bucket));
  return series.map((point) => ({ ...point, net: net(point) }));
}

export interface VoiceEntry {
  /** A project's id, or `other` for competitors the reader may not see. */
  key: string;
  /** Null for `other`. */
  name: string | null;
  color: string | null;
  /** One of the scope's own projects (not a competitor). */
  own: boolean;
  count: number;
  reach: number;
  /** Of all mentions in the comparison, 0…1. */
  share: number;
  /** The same in the previous period, when asked for and there were mentions then. */
  previousShare: number | null;
}

export interface ShareOfVoice {
  entries: VoiceEntry[];
  overTime: Array<{ key: string; values: Record<string, number> }>;
}

/** The projects of a comparison: the scope's own and their competitors, by the key each is shown under. */
async function compared({ db }: Reads, audience: Audience, scope: AnalyticsScope) {
  const own = inScope(scope.scope, sql`p.id`);
  const projects = await queryRows<{ id: string; name: string; color: string; translations: Translations }>(
    db,
    sql`SELECT p.id, p.name, p.color, p.translations FROM projects p
      WHERE ${own} OR p.id = ANY(SELECT unnest(competitor_ids) FROM projects p WHERE ${own})`,
  );
  const mine = new Set(scope.scope === "all" ? projects.map((p) => p.id) : scope.scope);
  const keyOf = new Map(projects.map((p) => [p.id, mine.has(p.id) || canSeeProject(audience, p.id) ? p.id : "other"]));
  return { projects, mine, keyOf, query: { ...scope, scope: [...keyOf.keys()] } };
}

/** Per-project totals summed under each project's key (`other` for the hidden ones). */
function byKey(keyOf: Map<string, string>, totals: Map<string, MentionTotals>) {
  const sums = new Map<string, MentionTotals>();
  for (const [id, t] of totals) {
    const key = keyOf.get(id) as string;
    const sum = sums.get(key) ?? NO_MENTIONS;
    sums.set(key, { ...sum, total: sum.total + t.total, reach: sum.reach + t.reach });
  }
  return sums;
}

const totalOf = (sums: Map<string, MentionTotals>) => [...sums.values()].reduce((all, t) => all + t.total, 0);

/** The scope's own part of the mentions of it and its competitors, 0…1; null without competitors. */
export async function ownShare(reads: Reads, audience: Audience, scope: AnalyticsScope): Promise<number | null> {
  if (nothing(scope)) return null;
  const { mine, query } = await compared(reads, audience, scope);
  if (query.scope.every((id) => mine.has(id))) return null;
  const totals = await countByProject(reads.db, query);
  const all = [...totals.values()].reduce((sum, t) => sum + t.total, 0);
  const own = [...totals].reduce((sum, [id, t]) => sum + (mine.has(id) ? t.total : 0), 0);
  return all ? own / all : 0;
}

/**
 * The scope's projects against their competitor projects (PRODUCT.md), each counting the mentions it matched.
 * A competitor the audience may not see is counted as `other`, without its name (issue 15, item 7).
 */
export async function shareOfVoice(
  reads: Reads,
  audience: Audience,
  scope: AnalyticsScope,
  language: string,
  bucket?: "hour" | "day",
  previous?: Range,
): Promise<ShareOfVoice> {
  if (nothing(scope)) return { entries: [], overTime: [] };
  const { projects, mine, keyOf, query } = await compared(reads, audience, scope);
  const period = seriesPeriod(scope, bucket);
  const [totals, series, before] = await Promise.all([
    countByProject(reads.db, query).then((t) => byKey(keyOf, t)),
    seriesByProject(reads.db, query, period),
    previous
      ? countByProject(reads.db, { ...query, ...previous }).then((t) => byKey(keyOf, t))
      : new Map<string, MentionTotals>(),
  ]);
  const all = totalOf(totals);
  const allBefore = totalOf(before);
  const named = projects
    .filter((p) => keyOf.get(p.id) === p.id)
    .map((p) => ({
      key: p.id,
      name: inLanguage({ name: p.name, translations: p.translations }, "name", language),
      color: p.color,
      own: mine.has(p.id),
    }));
  const hasOther = [...keyOf.values()].includes("other");
  const entries = [...named, ...(hasOther ? [{ key: "other", name: null, color: null, own: false }] : [])]
    .map((e) => {
      const { total: count, reach } = totals.get(e.key) ?? NO_MENTIONS;
      return {
        ...e,
        count,
        reach,
        share: all ? count / all : 0,
        previousShare: allBefore ? (before.get(e.key)?.total ?? 0) / allBefore : null,
      };
    })
    .sort((a, b) => Number(b.own) - Number(a.own) || b.count - a.count || (a.key === "other" ? 1 : 0));
  const overTime = bucketKeys(period).map((key, i) => {
    const values: Record<string, number> = Object.fromEntries(entries.map((e) => [e.key, 0]));
    for (const [id, points] of series) {
      const entry = keyOf.get(id) as string;
      values[entry] = (values[entry] ?? 0) + (points[i]?.total ?? 0);
    }
    return { key, values };
  });
  return { entries, overTime };
}

export interface TopSource extends SentimentCounts {
  id: string;
  name: string;
  type: string;
  count: number;
  /** In the previous period, when asked for (else 0). */
  previous: number;
  reach: number;
}

/** The sources with the most mentions in the scope (with their count in `previous`, if given). */
export async function topSources(
  { db }: Reads,
  scope: AnalyticsScope,
  language: string,
  limit = 10,
  previous?: Range,
): Promise<TopSource[]> {
  const [now, before] = await Promise.all([
    countBy(db, scope, "source"),
    previous ? countBy(db, { ...scope, ...previous }, "source") : new Map<string, MentionTotals>(),
  ]);
  const counted = [...now].filter(([, t]) => t.total > 0);
  if (counted.length === 0) return [];
  const sources = await queryRows<{ id: string; name: string; type: string; translations: Translations }>(
    db,
    sql`SELECT id, name, type, translations FROM sources WHERE id = ANY(${uuidArray(uuids(counted.map(([id]) => id)))})`,
  );
  return sources
    .map((s) => {
      const { total, ...rest } = now.get(s.id) ?? NO_MENTIONS;
      return {
        id: s.id,
        name: inLanguage({ name: s.name, translations: s.translations }, "name", language),
        type: s.type,
        count: total,
        previous: before.get(s.id)?.total ?? 0,
        ...rest,
      };
    })
    .sort((a, b) => b.count - a.count || b.reach - a.reach || a.name.localeCompare(b.name))
    .slice(0, limit);
}

export interface TopAuthor extends SentimentCounts {
  author: string;
  count: number;
  previous: number;
  reach: number;
}

/** The authors with the most mentions in the scope, with their reach, sentiment mix and previous count. */
export async function topAuthors(
  { db }: Reads,
  scope: AnalyticsScope,
  limit = 10,
  previous?: Range,
): Promise<TopAuthor[]> {
  const top = await countByAuthor(db, scope, { limit });
  const before =
    previous && top.length
      ? await countByAuthor(db, { ...scope, ...previous }, { authors: top.map((a) => a.author) })
      : [];
  const previousOf = new Map(before.map((a) => [a.author, a.total]));
  return top.map(({ author, total, reach, positive, neutral, negative }) => ({
    author,
    count: total,
    previous: previousOf.get(author) ?? 0,
    reach,
    positive,
    neutral,
    negative,
  }));
}

export interface Share {
  key: string;
  count: number;
  previous: number;
  reach: number;
}

async function splitBy(
  { db }: Reads,
  scope: AnalyticsScope,
  by: "sourceType" | "language",
  previous?: Range,
): Promise<Share[]> {
  const [now, before] = await Promise.all([
    countBy(db, scope, by),
    previous ? countBy(db, { ...scope, ...previous }, by) : new Map<string, MentionTotals>(),
  ]);
  return [...now]
    .filter(([, t]) => t.total > 0)
    .map(([key, t]) => ({ key, count: t.total, previous: before.get(key)?.total ?? 0, reach: t.reach }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/** Mentions and reach per source type, most first (with the counts in `previous`, if given). */
export function sourceTypes(reads: Reads, scope: AnalyticsScope, previous?: Range): Promise<Share[]> {
  return splitBy(reads, scope, "sourceType", previous);
}

/** Mentions and reach per language (`other`: any other or unknown), most first. */
export function languages(reads: Reads, scope: AnalyticsScope, previous?: Range): Promise<Share[]> {
  return splitBy(reads, scope, "language", previous);
}

/** Mentions per weekday (0 Monday … 6 Sunday) and hour of the reader's day: all 168 cells, in that order. */
export async function heatmap(
  { db }: Reads,
  scope: AnalyticsScope,
): Promise<Array<{ weekday: number; hour: number; count: number }>> {
  const cells = await countByWeekHour(db, scope, scope.timeZone);
  return cells.map((count, i) => ({ weekday: Math.floor(i / 24), hour: i % 24, count }));
}

/** The previous period of a scope: the same filters over `previous`. */
export function previousScope(scope: AnalyticsScope, previous: Range): AnalyticsScope {
  return { ...scope, start: previous.start, end: previous.end };
}

/** The local days a scope covers, both included, for links to the feed (`from`, `to`). */
export function scopeDays(scope: AnalyticsScope): { from: string; to: string } {
  const { from, days } = seriesPeriod(scope);
  return { from, to: addDays(from, days - 1) };
}
