// How many mentions (ADR 042): one policy for every total on every screen. A mention counts once, however
// many of the scope's projects it matched, and an archived mention counts nowhere. Totals the rollups can
// answer (projects × period × sentiment × source type × language) are exact whatever their size; only a
// text search may be estimated, and then says so.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { bucketKeys, type Period, type Range } from "./period.ts";
import { mentionInScope, type ProjectScope } from "./scope.server.ts";
import { instant, queryRows, textArray } from "./sql.server.ts";

export const SENTIMENTS = ["positive", "neutral", "negative"] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
export type SentimentCounts = Record<Sentiment, number>;

/** Which mentions: the dimensions the rollups know. */
export interface MentionQuery extends Range {
  scope: ProjectScope;
  sentiments?: readonly string[];
  sourceTypes?: readonly string[];
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

const n = (v: unknown) => Number(v ?? 0);

function where(query: MentionQuery): SQL {
  const conditions = [
    sql`m.published_at >= ${instant(query.start)}`,
    sql`m.published_at < ${instant(query.end)}`,
    sql`NOT m.is_archived`,
    mentionInScope(query.scope, sql`m.id`),
  ];
  if (query.sentiments?.length) conditions.push(sql`m.sentiment::text = ANY(${textArray(query.sentiments)})`);
  if (query.sourceTypes?.length) conditions.push(sql`s.type::text = ANY(${textArray(query.sourceTypes)})`);
  if (query.languages?.length) {
    conditions.push(sql`coalesce(m.language, 'other') = ANY(${textArray(query.languages)})`);
  }
  return sql.join(conditions, sql` AND `);
}

const SUMS = sql`count(*)::int AS total, coalesce(sum(m.reach), 0)::bigint AS reach,
  count(*) FILTER (WHERE m.sentiment = 'positive')::int AS positive,
  count(*) FILTER (WHERE m.sentiment = 'neutral')::int AS neutral,
  count(*) FILTER (WHERE m.sentiment = 'negative')::int AS negative`;

const totalsOf = (row: Record<string, unknown> = {}): MentionTotals => ({
  total: n(row.total),
  reach: n(row.reach),
  positive: n(row.positive),
  neutral: n(row.neutral),
  negative: n(row.negative),
});

/** The mentions of a query: exact. */
export async function countMentions(db: Database, query: MentionQuery): Promise<MentionTotals> {
  if (query.scope !== "all" && query.scope.length === 0) return totalsOf();
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT ${SUMS} FROM messages m JOIN sources s ON s.id = m.source_id WHERE ${where(query)}`,
  );
  return totalsOf(row);
}

/** The mentions of a query per bucket of a period (its days, or its hours), every bucket present. */
export async function mentionSeries(
  db: Database,
  query: Omit<MentionQuery, "start" | "end">,
  period: Pick<Period, "bucket" | "from" | "days" | "start" | "end" | "timeZone">,
): Promise<MentionBucket[]> {
  const full = { ...query, start: period.start, end: period.end };
  const key =
    period.bucket === "day"
      ? sql`to_char(m.published_at AT TIME ZONE ${period.timeZone}, 'YYYY-MM-DD')`
      : sql`to_char(date_trunc('hour', m.published_at, 'UTC') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:00:00.000"Z"')`;
  const rows =
    query.scope !== "all" && query.scope.length === 0
      ? []
      : await queryRows<Record<string, unknown>>(
          db,
          sql`SELECT ${key} AS key, ${SUMS} FROM messages m JOIN sources s ON s.id = m.source_id
            WHERE ${where(full)} GROUP BY 1`,
        );
  const byKey = new Map(rows.map((row) => [String(row.key), row]));
  return bucketKeys(period).map((bucket) => ({ key: bucket, ...totalsOf(byKey.get(bucket)) }));
}
