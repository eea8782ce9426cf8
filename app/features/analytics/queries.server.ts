// Analytics queries (ADR 029). Every function takes one AnalyticsScope (projects the caller has checked the
// user may see, a period as instants, the reader's zone, optional filters) and returns plain serialisable
// data. Counts, reach, sentiment, source types, languages, time series and the heat map come from the
// hourly rollups grouped in the reader's zone; sources, authors and terms from the messages themselves.
// A mention linked to two projects of the scope counts for each, as in the rollups.
import { type SQL, sql } from "drizzle-orm";
import type { CurrentUser } from "../../core/reader.ts";
import { foldWords } from "../../core/text.ts";
import { queryRows } from "../../db/client.server.ts";
import type { Translations } from "../../db/schema.ts";
import { inLanguage } from "../../lib/translations.ts";
import { mentionsGeneration } from "../mentions/mentions.server.ts";
import { netSentiment as net } from "../overview/sentiment.ts";
import { addDays, bucketKeys, daysBetween, HOURLY_UP_TO_DAYS, localDay, type Range } from "./period.ts";
import { countTerms, type TrendingTerm, trending } from "./terms.ts";

export const SENTIMENTS = ["positive", "neutral", "negative"] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

export interface AnalyticsScope extends Range {
  projectIds: string[];
  timeZone: string;
  sourceTypes?: string[];
  /** Message languages; `other` is any other or unknown language. */
  languages?: string[];
  sentiments?: string[];
}

export type SentimentCounts = Record<Sentiment, number>;

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

const uuidArray = (ids: readonly string[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const n = (v: unknown) => Number(v ?? 0);

/** How a scope's period is bucketed: by hour up to a few days, else by local day. */
export function bucketOf(scope: Range & { timeZone: string }): "hour" | "day" {
  return daysOf(scope).days <= HOURLY_UP_TO_DAYS ? "hour" : "day";
}

function daysOf(scope: Range & { timeZone: string }) {
  const from = localDay(scope.start, scope.timeZone);
  const to = localDay(new Date(scope.end.getTime() - 1), scope.timeZone);
  return { from, days: daysBetween(from, to) + 1 };
}

/** The scope's buckets in order (see `bucketKeys`). */
export function scopeBuckets(scope: AnalyticsScope, bucket = bucketOf(scope)): string[] {
  const { from, days } = daysOf(scope);
  return bucketKeys({ bucket, from, days, start: scope.start, end: scope.end });
}

/** The filters on the rollups `h`, for these projects, from `start` (earlier to include a previous period). */
function rollupWhere(scope: AnalyticsScope, projectIds = scope.projectIds, start = scope.start): SQL {
  const conditions = [
    sql`h.project_id = ANY(${uuidArray(projectIds)})`,
    sql`h.hour >= ${instant(start)}`,
    sql`h.hour < ${instant(scope.end)}`,
  ];
  if (scope.sourceTypes?.length) conditions.push(sql`h.source_type::text = ANY(${textArray(scope.sourceTypes)})`);
  if (scope.languages?.length) conditions.push(sql`h.language = ANY(${textArray(scope.languages)})`);
  if (scope.sentiments?.length) conditions.push(sql`h.sentiment::text = ANY(${textArray(scope.sentiments)})`);
  return sql.join(conditions, sql` AND `);
}

/** The filters on links `mp`, messages `m` and sources `s`, from `start`. */
function messageWhere(scope: AnalyticsScope, start = scope.start): SQL {
  const conditions = [
    sql`mp.project_id = ANY(${uuidArray(scope.projectIds)})`,
    sql`mp.published_at >= ${instant(start)}`,
    sql`mp.published_at < ${instant(scope.end)}`,
  ];
  if (scope.sourceTypes?.length) conditions.push(sql`s.type::text = ANY(${textArray(scope.sourceTypes)})`);
  if (scope.languages?.length) {
    conditions.push(sql`coalesce(m.language, 'other') = ANY(${textArray(scope.languages)})`);
  }
  if (scope.sentiments?.length) conditions.push(sql`m.sentiment::text = ANY(${textArray(scope.sentiments)})`);
  return sql.join(conditions, sql` AND `);
}

/**
 * Count columns over links in the scope's period (`count`) and, when `previous` is given, in that one
 * too (`previous`); rows of either period are read in one pass.
 */
function periodCounts(scope: AnalyticsScope, previous: Range | undefined, column: SQL, amount: SQL) {
  const now = sql`${column} >= ${instant(scope.start)}`;
  return sql`coalesce(sum(${amount}) FILTER (WHERE ${now}), 0)::int AS count,
    ${previous ? sql`coalesce(sum(${amount}) FILTER (WHERE ${column} < ${instant(previous.end)}), 0)::int` : sql`0`} AS previous`;
}

const MESSAGES = sql`FROM message_projects mp JOIN messages m ON m.id = mp.message_id JOIN sources s ON s.id = m.source_id`;

const SENTIMENT_SUMS = sql`
  coalesce(sum(h.count) FILTER (WHERE h.sentiment = 'positive'), 0)::int AS positive,
  coalesce(sum(h.count) FILTER (WHERE h.sentiment = 'neutral'), 0)::int AS neutral,
  coalesce(sum(h.count) FILTER (WHERE h.sentiment = 'negative'), 0)::int AS negative`;

const sentimentsOf = (row: Record<string, unknown>): SentimentCounts => ({
  positive: n(row.positive),
  neutral: n(row.neutral),
  negative: n(row.negative),
});

/** Mentions, reach and the sentiment split of the scope. */
export async function kpis(scope: AnalyticsScope): Promise<Kpis> {
  if (scope.projectIds.length === 0) return { mentions: 0, reach: 0, positive: 0, neutral: 0, negative: 0, net: null };
  const [row] = await queryRows<Record<string, unknown>>(sql`
    SELECT coalesce(sum(h.count), 0)::int AS mentions, coalesce(sum(h.reach), 0)::bigint AS reach, ${SENTIMENT_SUMS}
    FROM hourly_rollups h WHERE ${rollupWhere(scope)}`);
  const counts = sentimentsOf(row ?? {});
  return { mentions: n(row?.mentions), reach: n(row?.reach), ...counts, net: net(counts) };
}

/** The SQL key of a rollup's bucket: its local day, or its hour as an ISO instant. */
function bucketKey(bucket: "hour" | "day", timeZone: string): SQL {
  return bucket === "day"
    ? sql`to_char(h.hour AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`
    : sql`to_char(h.hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:00:00.000"Z"')`;
}

/** Mentions by sentiment, reach and net sentiment per bucket, every bucket of the period present. */
export async function volume(scope: AnalyticsScope, bucket = bucketOf(scope)): Promise<VolumePoint[]> {
  const rows = scope.projectIds.length
    ? await queryRows<Record<string, unknown>>(sql`
        SELECT ${bucketKey(bucket, scope.timeZone)} AS key, coalesce(sum(h.reach), 0)::bigint AS reach, ${SENTIMENT_SUMS}
        FROM hourly_rollups h WHERE ${rollupWhere(scope)} GROUP BY 1`)
    : [];
  const byKey = new Map(rows.map((r) => [String(r.key), r]));
  return scopeBuckets(scope, bucket).map((key) => {
    const row = byKey.get(key) ?? {};
    const counts = sentimentsOf(row);
    return {
      key,
      ...counts,
      total: counts.positive + counts.neutral + counts.negative,
      reach: n(row.reach),
      net: net(counts),
    };
  });
}

export interface VoiceEntry {
  /** A project's id, or `other` for competitors the user may not see. */
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

/**
 * The scope's projects against their competitor projects (PRODUCT.md). A competitor the user may not see
 * is counted as `other`, without its name (issue 15, item 7).
 */
export async function shareOfVoice(
  user: CurrentUser,
  scope: AnalyticsScope,
  language: string,
  bucket = bucketOf(scope),
  previous?: Range,
): Promise<ShareOfVoice> {
  if (scope.projectIds.length === 0) return { entries: [], overTime: [] };
  const projects = await queryRows<{
    id: string;
    name: string;
    color: string;
    translations: Translations;
    competitor_ids: string[];
  }>(sql`
    SELECT p.id, p.name, p.color, p.translations, p.competitor_ids FROM projects p
    WHERE p.id = ANY(${uuidArray(scope.projectIds)})
      OR p.id = ANY(SELECT unnest(competitor_ids) FROM projects WHERE id = ANY(${uuidArray(scope.projectIds)}))`);
  const visible = user.roles.includes("admin") ? null : new Set(user.projectIds);
  const keyOf = new Map(
    projects.map((p) => [p.id, scope.projectIds.includes(p.id) || !visible || visible.has(p.id) ? p.id : "other"]),
  );
  const ids = [...keyOf.keys()];
  const [rows, before] = await Promise.all([
    queryRows<{ project: string; key: string; count: number; reach: number }>(sql`
      SELECT h.project_id AS project, ${bucketKey(bucket, scope.timeZone)} AS key,
        sum(h.count)::int AS count, sum(h.reach)::bigint AS reach
      FROM hourly_rollups h WHERE ${rollupWhere(scope, ids)} GROUP BY 1, 2`),
    previous
      ? queryRows<{ project: string; count: number }>(sql`
          SELECT h.project_id AS project, sum(h.count)::int AS count
          FROM hourly_rollups h WHERE ${rollupWhere(previousScope(scope, previous), ids)} GROUP BY 1`)
      : [],
  ]);
  const previousCounts = new Map<string, number>();
  for (const row of before) {
    const key = keyOf.get(row.project) as string;
    previousCounts.set(key, (previousCounts.get(key) ?? 0) + n(row.count));
  }
  const previousAll = [...previousCounts.values()].reduce((a, b) => a + b, 0);

  const totals = new Map<string, { count: number; reach: number }>();
  const perBucket = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const key = keyOf.get(row.project) as string;
    const total = totals.get(key) ?? { count: 0, reach: 0 };
    total.count += n(row.count);
    total.reach += n(row.reach);
    totals.set(key, total);
    const values = perBucket.get(row.key) ?? {};
    values[key] = (values[key] ?? 0) + n(row.count);
    perBucket.set(row.key, values);
  }
  const all = [...totals.values()].reduce((sum, t) => sum + t.count, 0);
  const named = projects
    .filter((p) => keyOf.get(p.id) === p.id)
    .map((p) => ({
      key: p.id,
      name: inLanguage({ name: p.name, translations: p.translations }, "name", language),
      color: p.color,
      own: scope.projectIds.includes(p.id),
    }));
  const hasOther = [...keyOf.values()].includes("other");
  const entries = [...named, ...(hasOther ? [{ key: "other", name: null, color: null, own: false }] : [])]
    .map((e) => {
      const total = totals.get(e.key) ?? { count: 0, reach: 0 };
      const then = previousCounts.get(e.key) ?? 0;
      return {
        ...e,
        ...total,
        share: all ? total.count / all : 0,
        previousShare: previousAll ? then / previousAll : null,
      };
    })
    .sort((a, b) => Number(b.own) - Number(a.own) || b.count - a.count || (a.key === "other" ? 1 : 0));
  const zero = Object.fromEntries(entries.map((e) => [e.key, 0]));
  return {
    entries,
    overTime: scopeBuckets(scope, bucket).map((key) => ({ key, values: { ...zero, ...perBucket.get(key) } })),
  };
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

/** The sentiment split and reach of the rows of the current period. */
const CURRENT_MIX = (scope: AnalyticsScope) => {
  const now = sql`mp.published_at >= ${instant(scope.start)}`;
  return sql`coalesce(sum(m.reach) FILTER (WHERE ${now}), 0)::bigint AS reach,
    count(*) FILTER (WHERE ${now} AND m.sentiment = 'positive')::int AS positive,
    count(*) FILTER (WHERE ${now} AND m.sentiment = 'neutral')::int AS neutral,
    count(*) FILTER (WHERE ${now} AND m.sentiment = 'negative')::int AS negative`;
};

/** The sources with the most mentions in the scope (with their count in `previous`, if given). */
export async function topSources(
  scope: AnalyticsScope,
  language: string,
  limit = 10,
  previous?: Range,
): Promise<TopSource[]> {
  if (scope.projectIds.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(sql`
    SELECT s.id, s.name, s.type, s.translations, ${periodCounts(scope, previous, sql`mp.published_at`, sql`1`)},
      ${CURRENT_MIX(scope)}
    ${MESSAGES} WHERE ${messageWhere(scope, previous?.start)}
    GROUP BY s.id HAVING count(*) FILTER (WHERE mp.published_at >= ${instant(scope.start)}) > 0
    ORDER BY count DESC, reach DESC, s.name LIMIT ${limit}`);
  return rows.map((r) => ({
    id: String(r.id),
    name: inLanguage({ name: String(r.name), translations: r.translations as Translations }, "name", language),
    type: String(r.type),
    count: n(r.count),
    previous: n(r.previous),
    reach: n(r.reach),
    ...sentimentsOf(r),
  }));
}

export interface TopAuthor extends SentimentCounts {
  author: string;
  count: number;
  previous: number;
  reach: number;
}

/** The authors with the most mentions in the scope, with their reach and sentiment mix. */
export async function topAuthors(scope: AnalyticsScope, limit = 10, previous?: Range): Promise<TopAuthor[]> {
  if (scope.projectIds.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(sql`
    SELECT m.author, ${periodCounts(scope, previous, sql`mp.published_at`, sql`1`)}, ${CURRENT_MIX(scope)}
    ${MESSAGES} WHERE ${messageWhere(scope, previous?.start)} AND m.author IS NOT NULL AND m.author <> ''
    GROUP BY m.author HAVING count(*) FILTER (WHERE mp.published_at >= ${instant(scope.start)}) > 0
    ORDER BY count DESC, reach DESC, m.author LIMIT ${limit}`);
  return rows.map((r) => ({
    author: String(r.author),
    count: n(r.count),
    previous: n(r.previous),
    reach: n(r.reach),
    ...sentimentsOf(r),
  }));
}

export interface Share {
  key: string;
  count: number;
  previous: number;
  reach: number;
}

async function splitBy(scope: AnalyticsScope, column: SQL, previous?: Range): Promise<Share[]> {
  if (scope.projectIds.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(sql`
    SELECT ${column} AS key, ${periodCounts(scope, previous, sql`h.hour`, sql`h.count`)},
      coalesce(sum(h.reach) FILTER (WHERE h.hour >= ${instant(scope.start)}), 0)::bigint AS reach
    FROM hourly_rollups h WHERE ${rollupWhere(scope, scope.projectIds, previous?.start)}
    GROUP BY 1 HAVING coalesce(sum(h.count) FILTER (WHERE h.hour >= ${instant(scope.start)}), 0) > 0
    ORDER BY count DESC, key`);
  return rows.map((r) => ({ key: String(r.key), count: n(r.count), previous: n(r.previous), reach: n(r.reach) }));
}

/** Mentions and reach per source type, most first (with the counts in `previous`, if given). */
export function sourceTypes(scope: AnalyticsScope, previous?: Range): Promise<Share[]> {
  return splitBy(scope, sql`h.source_type::text`, previous);
}

/** Mentions and reach per language (`other`: any other or unknown), most first. */
export function languages(scope: AnalyticsScope, previous?: Range): Promise<Share[]> {
  return splitBy(scope, sql`h.language`, previous);
}

/** Mentions per weekday (0 Monday … 6 Sunday) and hour of the reader's day: all 168 cells, in that order. */
export async function heatmap(scope: AnalyticsScope): Promise<Array<{ weekday: number; hour: number; count: number }>> {
  const rows = scope.projectIds.length
    ? await queryRows<{ weekday: number; hour: number; count: number }>(sql`
        SELECT extract(isodow FROM h.hour AT TIME ZONE ${scope.timeZone})::int - 1 AS weekday,
          extract(hour FROM h.hour AT TIME ZONE ${scope.timeZone})::int AS hour, sum(h.count)::int AS count
        FROM hourly_rollups h WHERE ${rollupWhere(scope)} GROUP BY 1, 2`)
    : [];
  const counts = new Map(rows.map((r) => [`${r.weekday}:${r.hour}`, n(r.count)]));
  return Array.from({ length: 7 * 24 }, (_, i) => {
    const weekday = Math.floor(i / 24);
    const hour = i % 24;
    return { weekday, hour, count: counts.get(`${weekday}:${hour}`) ?? 0 };
  });
}

/** Above this many mentions a period's terms are counted on a random sample of about this size. */
export const TERMS_SAMPLE = 1_500;
/** Only the start of a long text is read for terms: it is where a mention says what it is about. */
const TERMS_TEXT_CHARS = 1_000;

/**
 * The scope's mention texts, or a uniform sample of about `TERMS_SAMPLE` of them: message ids are random
 * (v4), so the ids below a threshold are a random subset of the share the threshold cuts off.
 */
async function textsOf(scope: AnalyticsScope) {
  const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
    sql`SELECT count(*)::int AS count ${MESSAGES} WHERE ${messageWhere(scope)}`,
  );
  const fraction = Math.min(1, TERMS_SAMPLE / Math.max(1, n(count)));
  const threshold = `${Math.floor(fraction * 0xffffffff)
    .toString(16)
    .padStart(8, "0")}-ffff-ffff-ffff-ffffffffffff`;
  // On the link's copy of the id, so links are sampled before their messages are read.
  const sample = fraction < 1 ? sql` AND mp.message_id <= ${threshold}::uuid` : sql``;
  const rows = await queryRows<{ title: string | null; text: string }>(
    sql`SELECT m.title, left(m.text, ${TERMS_TEXT_CHARS}) AS text ${MESSAGES} WHERE ${messageWhere(scope)}${sample}`,
  );
  return { rows, scale: rows.length ? n(count) / rows.length : 1 };
}

// Counting terms is the page's slowest part (tokenising thousands of texts), so a result is kept for a
// minute per scope and period, and dropped as soon as mentions change (the mentions generation).
const TERMS_KEEP_MS = 60_000;
const TERMS_KEPT_MAX = 200;
const keptTerms = new Map<string, { until: number; generation: number; terms: Promise<TrendingTerm[]> }>();

/**
 * The words and phrases that rose most in the scope against `previous` (same filters), stop words of the
 * four languages and the projects' own names and keywords left out. Counts are mentions with the term
 * (estimated from a sample in a large period).
 */
export function trendingTerms(scope: AnalyticsScope, previous: Range, { limit = 15 } = {}): Promise<TrendingTerm[]> {
  if (scope.projectIds.length === 0) return Promise.resolve([]);
  const key = JSON.stringify([scope, previous.start, previous.end, limit]);
  const now = Date.now();
  const generation = mentionsGeneration();
  const kept = keptTerms.get(key);
  if (kept && kept.until > now && kept.generation === generation) return kept.terms;
  keptTerms.delete(key);
  if (keptTerms.size >= TERMS_KEPT_MAX) keptTerms.delete(keptTerms.keys().next().value as string);
  const terms = countTrendingTerms(scope, previous, limit);
  keptTerms.set(key, { until: now + TERMS_KEEP_MS, generation, terms });
  terms.catch(() => keptTerms.get(key)?.terms === terms && keptTerms.delete(key));
  return terms;
}

async function countTrendingTerms(scope: AnalyticsScope, previous: Range, limit: number) {
  const [own, now, before] = await Promise.all([
    queryRows<{ name: string; keywords: string[] }>(
      sql`SELECT name, keywords FROM projects WHERE id = ANY(${uuidArray(scope.projectIds)})`,
    ),
    textsOf(scope),
    textsOf({ ...scope, ...previous }),
  ]);
  const exclude = new Set(own.flatMap((p) => foldWords([p.name, ...p.keywords].join(" "))));
  const found = trending(countTerms(now.rows, exclude), countTerms(before.rows, exclude), { limit });
  return found.map((t) => ({
    term: t.term,
    count: Math.round(t.count * now.scale),
    previous: Math.round(t.previous * before.scale),
  }));
}

/** The previous period of a scope: the same filters over `previous`. */
export function previousScope(scope: AnalyticsScope, previous: Range): AnalyticsScope {
  return { ...scope, start: previous.start, end: previous.end };
}

/** The local days a scope covers, both included, for links to the feed (`from`, `to`). */
export function scopeDays(scope: AnalyticsScope): { from: string; to: string } {
  const { from, days } = daysOf(scope);
  return { from, to: addDays(from, days - 1) };
}
