// How many mentions (ADR 042, ADR 043): one policy for every total on every screen. A mention counts once,
// however many of the scope's projects it matched, and an archived mention counts nowhere; a per-project
// figure (share of voice, the project list) counts a mention for each project it matched. Totals come from
// the rollups (per project set, UTC hour, source type and language, by sentiment), exact whatever their size;
// where a zone's day or hour does not start on a UTC hour (UTC+5:30, UTC+5:45…) the hours it cuts are counted
// from the messages themselves. Only a text search in the feed may be estimated, and then says so.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { SENTIMENTS, type Sentiment } from "~/db/mention-model";
import { addDays, bucketKeys, type Day, type Period, type Range, startOfDay } from "./period.ts";
import { inScope, mentionInScope, type ProjectScope } from "./scope.server.ts";
import { instant, queryRows, textArray, uuidArray } from "./sql.server.ts";

export { SENTIMENTS, type Sentiment };
export type SentimentCounts = Record<Sentiment, number>;

/** Which mentions: the dimensions the rollups know. */
export interface MentionQuery extends Range {
  /** "all": the mentions of any project (a mention that matches no project is in no total). */
  scope: ProjectScope;
  sentiments?: readonly string[];
  sourceTypes?: readonly string[];
  /** Source ids. */
  sources?: readonly string[];
  /** Message languages; `other` is any other or unknown language. */
  languages?: readonly string[];
}

export interface MentionTotals extends SentimentCounts {
  total: number;
  reach: number;
}

export interface MentionBucket extends MentionTotals {
  /** A day of the period (`yyyy-mm-dd`) or an hour's UTC instant (ISO), as `bucketKeys` gives them. */
  key: string;
}

/** A total, and whether it is an estimate (only ever for a text search). */
export interface Total {
  count: number;
  estimated: boolean;
}

/** The buckets of a series: a period's days in its zone, or its hours. */
export type SeriesPeriod = Pick<Period, "bucket" | "from" | "days" | "start" | "end" | "timeZone">;

const HOUR = 3_600_000;
const n = (v: unknown) => Number(v ?? 0);

type Dimension = "project" | "source" | "sourceType" | "language";
type Buckets =
  | { kind: "day"; timeZone: string; from: Day; days: number }
  | { kind: "hour"; start: Date }
  /** The zone's weekday × hour: 0 is Monday 00:00–01:00, 167 Sunday 23:00–24:00. */
  | { kind: "weekHour"; timeZone: string };

interface Grouping {
  by?: Dimension;
  buckets?: Buckets;
}

interface SumRow {
  key: string | null;
  dim: string | null;
  positive: number;
  neutral: number;
  negative: number;
  positive_reach: number;
  neutral_reach: number;
  negative_reach: number;
}

const floorHour = (t: number) => t - (((t % HOUR) + HOUR) % HOUR);

/**
 * The UTC hours a bucket boundary cuts (a day starting at 18:30 UTC cuts 18:00–19:00): the rollups cannot
 * split them, so they are counted from the messages. In whole-hour zones there are none. The weekday × hour
 * grid is the exception: in a zone whose hours start at :30 or :45 every hour would be cut, so each UTC hour
 * goes to the local hour it begins in (its cells are off by that part of an hour; its total is exact).
 */
function cutHours({ start, end }: Range, buckets?: Buckets): number[] {
  const from = start.getTime();
  const to = end.getTime();
  const cut = new Set<number>();
  const boundary = (t: number) => {
    if (t % HOUR !== 0 && t >= from && t <= to) cut.add(floorHour(t));
  };
  boundary(from);
  boundary(to);
  if (buckets?.kind === "day") {
    for (let i = 1; i < buckets.days; i++) boundary(startOfDay(addDays(buckets.from, i), buckets.timeZone).getTime());
  } else if (buckets?.kind === "hour") {
    for (let t = buckets.start.getTime(); t < to; t += HOUR) boundary(t);
  }
  return [...cut].sort((a, b) => a - b);
}

/** A bucket's key from an instant column (an hour of the rollups, or a message's time). */
function keyOf(buckets: Buckets | undefined, at: SQL): SQL {
  if (!buckets) return sql`NULL::text`;
  switch (buckets.kind) {
    case "day":
      return sql`to_char(${at} AT TIME ZONE ${buckets.timeZone}, 'YYYY-MM-DD')`;
    case "hour": {
      const start = instant(buckets.start);
      return sql`to_char((${start} + floor(extract(epoch FROM ${at} - ${start}) / 3600)::int * interval '1 hour')
        AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    }
    case "weekHour": {
      const local = sql`(${at} AT TIME ZONE ${buckets.timeZone})`;
      return sql`((extract(isodow FROM ${local})::int - 1) * 24 + extract(hour FROM ${local})::int)::text`;
    }
  }
}

const hourList = (hours: number[]) =>
  sql`${`{${hours.map((t) => new Date(t).toISOString()).join(",")}}`}::timestamptz[]`;

/** A query's projects, source types, sources and languages over a rollup table `r`. */
function rollupFilters(query: MentionQuery): SQL[] {
  // Sets may still name deleted projects (ADR 043): only projects that exist are asked about, so "all" is the
  // mentions of any existing project, as mentionInScope says (a mention that matches none is in no total).
  const existing = sql`SELECT p.id FROM projects p WHERE ${inScope(query.scope, sql`p.id`)}`;
  const conditions = [
    sql`r.set_id = ANY(ARRAY(SELECT ps.id FROM project_sets ps WHERE ps.projects && ARRAY(${existing})))`,
  ];
  if (query.sourceTypes?.length) {
    conditions.push(
      sql`r.source_id = ANY(ARRAY(SELECT st.id FROM sources st WHERE st.type::text = ANY(${textArray(query.sourceTypes)})))`,
    );
  }
  if (query.sources?.length) conditions.push(sql`r.source_id = ANY(${uuidArray(query.sources)})`);
  if (query.languages?.length) conditions.push(sql`r.language = ANY(${textArray(query.languages)})`);
  return conditions;
}

/** The rollups' part of a sum: whole UTC hours of the range that no boundary cuts. */
function rollupPart(query: MentionQuery, grouping: Grouping, cut: number[]): SQL {
  const conditions = [
    sql`r.hour >= ${instant(new Date(floorHour(query.start.getTime())))}`,
    sql`r.hour < ${instant(query.end)}`,
  ];
  if (cut.length) conditions.push(sql`r.hour <> ALL(${hourList(cut)})`);
  conditions.push(...rollupFilters(query));
  // Summed per hour (or over the range) first, so a bucket's key is worked out once per hour, not per row.
  const hour = grouping.buckets ? sql`r.hour` : sql`NULL::timestamptz`;
  const by = grouping.by;
  const raw =
    by === "project" ? sql`r.set_id` : by === "language" ? sql`r.language` : by ? sql`r.source_id` : sql`NULL::text`;
  const summed = sql`SELECT ${hour} AS hour, ${raw} AS raw, sum(r.positive) AS p, sum(r.neutral) AS u,
      sum(r.negative) AS n, sum(r.positive_reach) AS pr, sum(r.neutral_reach) AS ur, sum(r.negative_reach) AS nr
    FROM mention_rollups r WHERE ${sql.join(conditions, sql` AND `)} GROUP BY 1, 2`;
  const key = keyOf(grouping.buckets, sql`g.hour`);
  const sums = sql`g.p, g.u, g.n, g.pr, g.ur, g.nr`;
  switch (by) {
    case "project": {
      // A set's mentions count for each of its projects that exists.
      return sql`SELECT ${key} AS key, x.project::text AS dim, ${sums}
        FROM (${summed}) g JOIN project_sets ps ON ps.id = g.raw CROSS JOIN unnest(ps.projects) AS x(project)
        JOIN projects p ON p.id = x.project WHERE ${inScope(query.scope, sql`x.project`)}`;
    }
    case "sourceType":
      return sql`SELECT ${key} AS key, st.type::text AS dim, ${sums} FROM (${summed}) g JOIN sources st ON st.id = g.raw`;
    default:
      return sql`SELECT ${key} AS key, g.raw::text AS dim, ${sums} FROM (${summed}) g`;
  }
}

/** The messages' part of a sum: the hours the rollups cannot answer (the whole range, if every hour is cut). */
function messagePart(query: MentionQuery, grouping: Grouping, cut: number[], everyHour: boolean): SQL {
  const from = query.start.getTime();
  const to = query.end.getTime();
  // Constant ranges, so the planner sees how few messages they hold.
  const ranges = everyHour ? [[from, to]] : cut.map((hour) => [Math.max(hour, from), Math.min(hour + HOUR, to)]);
  const conditions = [
    sql`(${sql.join(
      ranges.map(
        ([a, b]) =>
          sql`(m.published_at >= ${instant(new Date(a as number))} AND m.published_at < ${instant(new Date(b as number))})`,
      ),
      sql` OR `,
    )})`,
    sql`NOT m.is_archived`,
  ];
  let links = sql``;
  let dim = sql`NULL::text`;
  if (grouping.by === "project") {
    links = sql` JOIN message_projects mp ON mp.message_id = m.id AND ${inScope(query.scope, sql`mp.project_id`)}`;
    dim = sql`mp.project_id::text`;
  } else {
    conditions.push(mentionInScope(query.scope, sql`m.id`));
    if (grouping.by === "source") dim = sql`m.source_id::text`;
    if (grouping.by === "sourceType") dim = sql`s.type::text`;
    if (grouping.by === "language") dim = sql`kuzatuv_rollup_language(m.language)`;
  }
  if (query.sourceTypes?.length) conditions.push(sql`s.type::text = ANY(${textArray(query.sourceTypes)})`);
  if (query.sources?.length) conditions.push(sql`m.source_id = ANY(${uuidArray(query.sources)})`);
  if (query.languages?.length) {
    conditions.push(sql`kuzatuv_rollup_language(m.language) = ANY(${textArray(query.languages)})`);
  }
  return sql`SELECT ${keyOf(grouping.buckets, sql`m.published_at`)} AS key, ${dim} AS dim,
      (m.sentiment = 'positive')::int AS p, (m.sentiment = 'neutral')::int AS u, (m.sentiment = 'negative')::int AS n,
      CASE WHEN m.sentiment = 'positive' THEN m.reach ELSE 0 END AS pr,
      CASE WHEN m.sentiment = 'neutral' THEN m.reach ELSE 0 END AS ur,
      CASE WHEN m.sentiment = 'negative' THEN m.reach ELSE 0 END AS nr
    FROM messages m JOIN sources s ON s.id = m.source_id${links}
    WHERE ${sql.join(conditions, sql` AND `)}`;
}

/** One statement summing the query's mentions by sentiment, grouped by `key` (a bucket) and `dim`. */
function sumsQuery(query: MentionQuery, grouping: Grouping = {}): SQL {
  const cut = cutHours(query, grouping.buckets);
  const hours = (query.end.getTime() - floorHour(query.start.getTime())) / HOUR;
  const everyHour = cut.length >= Math.ceil(hours);
  const parts = [
    ...(everyHour ? [] : [rollupPart(query, grouping, cut)]),
    ...(cut.length ? [messagePart(query, grouping, cut, everyHour)] : []),
  ];
  return sql`SELECT key, dim, sum(p)::bigint AS positive, sum(u)::bigint AS neutral, sum(n)::bigint AS negative,
      sum(pr)::bigint AS positive_reach, sum(ur)::bigint AS neutral_reach, sum(nr)::bigint AS negative_reach
    FROM (${sql.join(parts, sql` UNION ALL `)}) parts GROUP BY key, dim`;
}

const emptyScope = (query: MentionQuery) => query.scope !== "all" && query.scope.length === 0;

async function sums(db: Database, query: MentionQuery, grouping: Grouping = {}): Promise<SumRow[]> {
  if (emptyScope(query) || query.end <= query.start) return [];
  return queryRows<SumRow>(db, sumsQuery(query, grouping));
}

const chosen = (query: Pick<MentionQuery, "sentiments">, sentiment: Sentiment) =>
  !query.sentiments?.length || query.sentiments.includes(sentiment);

/** A row's totals, with the sentiments the query leaves out at zero. */
function totalsOf(query: Pick<MentionQuery, "sentiments">, row?: Partial<SumRow>): MentionTotals {
  const counts = Object.fromEntries(SENTIMENTS.map((s) => [s, chosen(query, s) ? n(row?.[s]) : 0])) as SentimentCounts;
  const reach = SENTIMENTS.reduce((sum, s) => sum + (chosen(query, s) ? n(row?.[`${s}_reach`]) : 0), 0);
  return { ...counts, total: counts.positive + counts.neutral + counts.negative, reach };
}

function addTotals(a: MentionTotals, b: MentionTotals): MentionTotals {
  return {
    total: a.total + b.total,
    reach: a.reach + b.reach,
    positive: a.positive + b.positive,
    neutral: a.neutral + b.neutral,
    negative: a.negative + b.negative,
  };
}

/** Net sentiment, (P − N) / (P + N), from −1 to 1; null with no opinionated mentions. */
export function netSentiment(k: { positive: number; negative: number }): number | null {
  return k.positive + k.negative === 0 ? null : (k.positive - k.negative) / (k.positive + k.negative);
}

/** Nothing: the totals of no mentions. */
export const NO_MENTIONS: MentionTotals = Object.freeze({ total: 0, reach: 0, positive: 0, neutral: 0, negative: 0 });

/** The mentions of a query: exact, each once. */
export async function countMentions(db: Database, query: MentionQuery): Promise<MentionTotals> {
  const rows = await sums(db, query);
  return rows.reduce((all, row) => addTotals(all, totalsOf(query, row)), NO_MENTIONS);
}

function bucketsOf(period: SeriesPeriod): Buckets {
  return period.bucket === "day"
    ? { kind: "day", timeZone: period.timeZone, from: period.from, days: period.days }
    : { kind: "hour", start: period.start };
}

/** The mentions of a query per bucket of a period (its days, or its hours), every bucket present. */
export async function mentionSeries(
  db: Database,
  query: Omit<MentionQuery, "start" | "end">,
  period: SeriesPeriod,
): Promise<MentionBucket[]> {
  const full = { ...query, start: period.start, end: period.end };
  const rows = await sums(db, full, { buckets: bucketsOf(period) });
  const byKey = new Map(rows.map((row) => [String(row.key), row]));
  return bucketKeys(period).map((key) => ({ key, ...totalsOf(full, byKey.get(key)) }));
}

/**
 * Per project of the scope ("all": every project), counting a mention for each project it matched: share of
 * voice and the project list. Every project of a listed scope is in the map, with zeros if it has nothing.
 */
export async function countByProject(db: Database, query: MentionQuery): Promise<Map<string, MentionTotals>> {
  const rows = await sums(db, query, { by: "project" });
  const totals = new Map<string, MentionTotals>(
    query.scope === "all" ? [] : query.scope.map((id) => [id, NO_MENTIONS]),
  );
  for (const row of rows)
    totals.set(String(row.dim), addTotals(totals.get(String(row.dim)) ?? NO_MENTIONS, totalsOf(query, row)));
  return totals;
}

/** Per project of a listed scope, the series of `mentionSeries` (share of voice over time). */
export async function seriesByProject(
  db: Database,
  query: Omit<MentionQuery, "start" | "end" | "scope"> & { scope: readonly string[] },
  period: SeriesPeriod,
): Promise<Map<string, MentionBucket[]>> {
  const full = { ...query, start: period.start, end: period.end };
  const rows = await sums(db, full, { by: "project", buckets: bucketsOf(period) });
  const byKey = new Map(rows.map((row) => [`${row.dim}|${row.key}`, row]));
  const keys = bucketKeys(period);
  return new Map(
    query.scope.map((id) => [id, keys.map((key) => ({ key, ...totalsOf(full, byKey.get(`${id}|${key}`)) }))]),
  );
}

/** The query's mentions per source (id), source type or language (`other`: any other or unknown), each once. */
export async function countBy(
  db: Database,
  query: MentionQuery,
  by: "source" | "sourceType" | "language",
): Promise<Map<string, MentionTotals>> {
  const rows = await sums(db, query, { by });
  const totals = new Map<string, MentionTotals>();
  for (const row of rows)
    totals.set(String(row.dim), addTotals(totals.get(String(row.dim)) ?? NO_MENTIONS, totalsOf(query, row)));
  return totals;
}

/**
 * The query's mentions per weekday and hour of the zone's clock: 168 counts, Monday 00:00 first (in a zone
 * whose hours start at :30 or :45, a UTC hour counts in the local hour it begins in).
 */
export async function countByWeekHour(db: Database, query: MentionQuery, timeZone: string): Promise<number[]> {
  const rows = await sums(db, query, { buckets: { kind: "weekHour", timeZone } });
  const cells = Array.from({ length: 7 * 24 }, () => 0);
  for (const row of rows) cells[Number(row.key)] = (cells[Number(row.key)] ?? 0) + totalsOf(query, row).total;
  return cells;
}

export interface AuthorTotals extends MentionTotals {
  author: string;
}

const DAY = 24 * HOUR;
const ceilTo = (t: number, unit: number) => Math.ceil(t / unit) * unit;
const floorTo = (t: number, unit: number) => Math.floor(t / unit) * unit;
const between = (column: SQL, from: number, to: number) =>
  sql`(${column} >= ${instant(new Date(from))} AND ${column} < ${instant(new Date(to))})`;

/**
 * The query's authors with the most mentions (the first `limit`), or the totals of the given `authors`: exact,
 * each mention once, ordered by mentions, reach, then name. Whole UTC days are read from the daily author
 * rollups, the other whole hours from the hourly ones, and the minutes a boundary cuts (zones at :30 or :45)
 * from the messages (ADR 051). Mentions without an author are left out.
 */
export async function countByAuthor(
  db: Database,
  query: MentionQuery,
  { limit, authors }: { limit?: number; authors?: readonly string[] },
): Promise<AuthorTotals[]> {
  if (emptyScope(query) || query.end <= query.start || authors?.length === 0) return [];
  const from = query.start.getTime();
  const to = query.end.getTime();
  const [firstHour, lastHour] = [ceilTo(from, HOUR), floorTo(to, HOUR)];
  const [firstDay, lastDay] = [ceilTo(firstHour, DAY), floorTo(lastHour, DAY)];
  const wholeHours = firstHour < lastHour;
  const wholeDays = wholeHours && firstDay < lastDay;
  const named = (column: SQL) => (authors ? [sql`${column} = ANY(${textArray(authors)})`] : []);
  const counted = SENTIMENTS.map((s) => (chosen(query, s) ? sql.raw(`r.${s}`) : sql`0`));
  const reached = SENTIMENTS.map((s) => (chosen(query, s) ? sql.raw(`r.${s}_reach`) : sql`0`));
  const rollup = (table: SQL, range: SQL) =>
    sql`SELECT r.author, ${sql.join([...counted, ...reached], sql`, `)} FROM ${table} r
      WHERE ${sql.join([range, ...rollupFilters(query), ...named(sql`r.author`)], sql` AND `)}`;
  const parts: SQL[] = [];
  const hours: SQL[] = [];
  if (wholeDays) {
    parts.push(rollup(sql`author_day_rollups`, between(sql`r.day`, firstDay, lastDay)));
    if (firstHour < firstDay) hours.push(between(sql`r.hour`, firstHour, firstDay));
    if (lastDay < lastHour) hours.push(between(sql`r.hour`, lastDay, lastHour));
  } else if (wholeHours) hours.push(between(sql`r.hour`, firstHour, lastHour));
  if (hours.length) parts.push(rollup(sql`author_rollups`, sql`(${sql.join(hours, sql` OR `)})`));
  const cut = wholeHours
    ? [...(from < firstHour ? [[from, firstHour]] : []), ...(lastHour < to ? [[lastHour, to]] : [])]
    : [[from, to]];
  if (cut.length) {
    const conditions = [
      sql`(${sql.join(
        cut.map(([a, b]) => between(sql`m.published_at`, a as number, b as number)),
        sql` OR `,
      )})`,
      sql`NOT m.is_archived`,
      sql`m.author <> ''`,
      mentionInScope(query.scope, sql`m.id`),
      ...named(sql`m.author`),
    ];
    if (query.sourceTypes?.length) conditions.push(sql`s.type::text = ANY(${textArray(query.sourceTypes)})`);
    if (query.sources?.length) conditions.push(sql`m.source_id = ANY(${uuidArray(query.sources)})`);
    if (query.languages?.length) {
      conditions.push(sql`kuzatuv_rollup_language(m.language) = ANY(${textArray(query.languages)})`);
    }
    const is = (s: Sentiment) => (chosen(query, s) ? sql`(m.sentiment = ${s})` : sql`false`);
    parts.push(
      sql`SELECT m.author, ${sql.join(
        [
          ...SENTIMENTS.map((s) => sql`${is(s)}::int`),
          ...SENTIMENTS.map((s) => sql`CASE WHEN ${is(s)} THEN m.reach ELSE 0 END`),
        ],
        sql`, `,
      )} FROM messages m JOIN sources s ON s.id = m.source_id WHERE ${sql.join(conditions, sql` AND `)}`,
    );
  }
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT author, sum(p)::bigint AS positive, sum(u)::bigint AS neutral, sum(n)::bigint AS negative,
        sum(pr + ur + nr)::bigint AS reach
      FROM (${sql.join(parts, sql` UNION ALL `)}) parts(author, p, u, n, pr, ur, nr)
      GROUP BY author HAVING sum(p + u + n) > 0
      ORDER BY sum(p + u + n) DESC, reach DESC, author${limit ? sql` LIMIT ${limit}` : sql``}`,
  );
  return rows.map((row) => {
    const counts = { positive: n(row.positive), neutral: n(row.neutral), negative: n(row.negative) };
    return {
      author: String(row.author),
      ...counts,
      total: counts.positive + counts.neutral + counts.negative,
      reach: n(row.reach),
    };
  });
}

/**
 * The mentions of each project of the scope, as a subquery (`project_id`, `mentions`) to join in a list
 * that sorts by it; a mention counts for each project it matched.
 */
export function projectMentions(query: MentionQuery): SQL {
  if (emptyScope(query)) return sql`(SELECT NULL::uuid AS project_id, 0 AS mentions WHERE false)`;
  const counted = SENTIMENTS.filter((s) => chosen(query, s)).map((s) => sql.raw(s));
  return sql`(SELECT dim::uuid AS project_id, sum(${sql.join(counted, sql` + `)})::int AS mentions
    FROM (${sumsQuery(query, { by: "project" })}) per_project GROUP BY 1)`;
}

/** The feed's filters the rollups know: a mention query, and its authors (the author rollups know them). */
export interface FeedMentions extends MentionQuery {
  /** Authors, each as stored (the author rollups' key): the mentions of any of them. */
  authors?: readonly string[];
}

/** A feed's mentions, exact: from the author rollups when it names authors (ADR 051), else as every total. */
async function countFeedMentions(db: Database, query: FeedMentions): Promise<number> {
  if (!query.authors?.length) return (await countMentions(db, query)).total;
  const rows = await countByAuthor(db, query, { authors: query.authors });
  return rows.reduce((sum, row) => sum + row.total, 0);
}

/** What the feed counts: its conditions, and those of them the rollups know. */
export interface FeedFilters {
  /** The feed's conditions over messages `m` joined with sources `s`, without its text search. */
  where: SQL;
  /** Its text search, if any: the only condition that can make the total an estimate. */
  search?: SQL | null;
  /**
   * The feed's filters the rollups know (projects, period, sentiment, source type, source, language, author;
   * archived mentions hidden) as a mention query; null when it shows archived mentions. Without a period: `EVER`.
   */
  mentions?: FeedMentions | null;
  /** Whether `where` also filters by what the rollups do not know: a tag, read or starred. */
  more?: boolean;
}

/** All of time, for a mention query without a period. */
export const EVER: Range = Object.freeze({ start: new Date(0), end: new Date(Date.UTC(9999, 11, 31)) });

/** A text search's total is estimated from a sample holding about this many matches: ±5 % is 3σ and more. */
export const SAMPLE_MATCHES = 4_000;
/** The first sample reads about this many mentions. */
const FIRST_SAMPLE = 5_000;

const FEED_FROM = sql`FROM messages m JOIN sources s ON s.id = m.source_id`;

/** The ids below this one are a uniform `fraction` of all messages: ids are random (v4). */
function idBelow(fraction: number): SQL {
  const prefix = Math.min(0xffffffff, Math.floor(fraction * 0x100000000));
  return sql`${`${prefix.toString(16).padStart(8, "0")}-ffff-ffff-ffff-ffffffffffff`}::uuid`;
}

async function countWhere(db: Database, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*) AS n ${FEED_FROM} WHERE ${where}`);
  return n(row?.n);
}

/** The planner's guess at how many rows match: only ever used to choose how to count. */
async function plannedRows(db: Database, where: SQL): Promise<number> {
  const [plan] = await queryRows<{ "QUERY PLAN": unknown }>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 ${FEED_FROM} WHERE ${where}`,
  );
  const raw = plan?.["QUERY PLAN"];
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: { "Plan Rows": number } }>;
  return Math.max(1, Math.round(n(parsed?.[0]?.Plan?.["Plan Rows"])));
}

/**
 * A uniform sample of a `fraction` of a mention query's mentions, as a condition over messages `m` and sources
 * `s`: message ids are random (v4), so those below a threshold are a random subset. The candidates are read
 * from the indexes that hold both the time and the id (the feed's time index, a project's links) before any
 * message is.
 */
export function mentionSample(query: FeedMentions, fraction: number): SQL {
  const below = idBelow(fraction);
  const ids =
    query.scope === "all"
      ? sql`SELECT id FROM messages WHERE published_at >= ${instant(query.start)}
          AND published_at < ${instant(query.end)} AND id <= ${below}`
      : sql`SELECT message_id FROM message_projects WHERE ${inScope(query.scope, sql`project_id`)}
          AND published_at >= ${instant(query.start)} AND published_at < ${instant(query.end)}
          AND message_id <= ${below}`;
  const conditions = [sql`m.id IN (${ids})`, sql`NOT m.is_archived`];
  if (query.sentiments?.length) conditions.push(sql`m.sentiment::text = ANY(${textArray(query.sentiments)})`);
  if (query.sourceTypes?.length) conditions.push(sql`s.type::text = ANY(${textArray(query.sourceTypes)})`);
  if (query.sources?.length) conditions.push(sql`m.source_id = ANY(${uuidArray(query.sources)})`);
  if (query.languages?.length) {
    conditions.push(sql`kuzatuv_rollup_language(m.language) = ANY(${textArray(query.languages)})`);
  }
  if (query.authors?.length) conditions.push(sql`m.author = ANY(${textArray(query.authors)})`);
  return sql.join(conditions, sql` AND `);
}

/**
 * In a sample of all messages, for each entry (a text search, and the fraction of all messages its sample
 * takes): how many are in the population the total is scaled from (the mention query's mentions, else those
 * meeting `where`), and how many of them the feed shows for that search. One pass, at the largest fraction: a
 * smaller fraction's sample is the messages of the larger one below its own id threshold.
 */
async function sampled(db: Database, feed: FeedFilters, entries: Array<{ search: SQL; fraction: number }>) {
  const widest = Math.max(...entries.map((e) => e.fraction));
  const population = feed.mentions
    ? mentionSample(feed.mentions, widest)
    : sql`${feed.where} AND m.id <= ${idBelow(widest)}`;
  const columns = entries.flatMap(({ fraction }, i) => {
    const within = sql`x.id <= ${idBelow(fraction)}`;
    return [
      sql`count(*) FILTER (WHERE ${within}) AS ${sql.raw(`base${i}`)}`,
      sql`count(*) FILTER (WHERE ${within} AND x.shown AND ${sql.raw(`x.found${i}`)}) AS ${sql.raw(`hits${i}`)}`,
    ];
  });
  const found = entries.map(({ search }, i) => sql`(${search}) AS ${sql.raw(`found${i}`)}`);
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT ${sql.join(columns, sql`, `)}
      FROM (SELECT m.id, (${feed.where}) AS shown, ${sql.join(found, sql`, `)} ${FEED_FROM} WHERE ${population}) x`,
  );
  return entries.map((_, i) => ({ base: n(row?.[`base${i}`]), hits: n(row?.[`hits${i}`]) }));
}

/**
 * The feed's total. Exact from the rollups (the author rollups for an author) when they know all its filters; otherwise counted, exactly, from
 * the messages. With a text search, see `countSearches`.
 */
export async function countFeed(db: Database, feed: FeedFilters): Promise<Total> {
  const { search, mentions } = feed;
  if (search) return (await countSearches(db, feed, [search]))[0] as Total;
  const count = mentions && !feed.more ? await countFeedMentions(db, mentions) : await countWhere(db, feed.where);
  return { count, estimated: false };
}

/**
 * The totals of a feed's filters with each of `searches` (one search: the feed's own; several: a period's
 * topics, each its link's). Each is counted exactly when that reads fewer mentions than a sample would, else
 * estimated from a uniform sample (by the messages' random ids) holding about `SAMPLE_MATCHES` matches, scaled
 * by the exact rollup total of the filters they know (or by the sample's share of all messages). The searches
 * share their samples' passes over the messages; each total is the one it would have alone.
 */
export async function countSearches(db: Database, feed: FeedFilters, searches: SQL[]): Promise<Total[]> {
  if (searches.length === 0) return [];
  const { mentions } = feed;
  // The population the sample is drawn from: exact from the rollups, else the planner's guess.
  const base = mentions ? await countFeedMentions(db, mentions) : await plannedRows(db, feed.where);
  if (mentions && base === 0) return searches.map(() => ({ count: 0, estimated: false }));
  const first = Math.min(1, FIRST_SAMPLE / base);
  const firstSamples = await sampled(
    db,
    feed,
    searches.map((search) => ({ search, fraction: first })),
  );
  type Sample = { base: number; hits: number };
  const estimate = (sample: Sample, fraction: number) =>
    mentions ? Math.round((base * sample.hits) / Math.max(1, sample.base)) : Math.round(sample.hits / fraction);
  const plans = await Promise.all(
    searches.map(async (search, i): Promise<{ exact?: number; fraction: number; sample?: Sample }> => {
      const sample = firstSamples[i] as Sample;
      if (first === 1 || sample.hits >= SAMPLE_MATCHES) return { fraction: first, sample };
      // Counting reads the population, or the mentions the search matches anywhere, whichever the planner
      // finds fewer; a big enough sample reads SAMPLE_MATCHES / (matches / population) of them.
      const counting = Math.min(base, await plannedRows(db, search));
      if (counting <= (SAMPLE_MATCHES * base) / Math.max(1, estimate(sample, first))) {
        return { exact: await countWhere(db, sql`${feed.where} AND ${search}`), fraction: first };
      }
      return { fraction: Math.min(1, (first * SAMPLE_MATCHES * 1.2) / Math.max(1, sample.hits)) };
    }),
  );
  const again = plans.flatMap((plan, i) => (plan.exact === undefined && !plan.sample ? [i] : []));
  const larger = again.length
    ? await sampled(
        db,
        feed,
        again.map((i) => ({ search: searches[i] as SQL, fraction: plans[i]?.fraction as number })),
      )
    : [];
  return plans.map((plan, i) => {
    if (plan.exact !== undefined) return { count: plan.exact, estimated: false };
    const sample = plan.sample ?? (larger[again.indexOf(i)] as Sample);
    if (plan.fraction === 1) return { count: sample.hits, estimated: false };
    return { count: estimate(sample, plan.fraction), estimated: true };
  });
}
