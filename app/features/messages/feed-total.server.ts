// The feed's total (issue 27): the number the page shows, and the number of rows its export holds. Filters
// the rollups know (projects, dates, sentiment, source type, language, archived hidden) are counted by
// core/count.server, exactly, as analytics and the overview count them. The others (a search, tags, sources,
// read, starred, showing archived) are counted here until the counting module answers them too: this one
// function is what it replaces.
import { sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { countMentions, type MentionQuery, type Total } from "~/core/count.server";
import { queryRows } from "~/core/sql.server";
import type { Feed } from "./feed.server";
import { parseSearch } from "./search";

/** A feed without dates covers every mention: from the first instant a timestamp holds to the last. */
const ALL_TIME = { start: new Date("0001-01-01T00:00:00Z"), end: new Date("9999-12-31T00:00:00Z") };

/** The feed as a question the counting module answers, or null when a filter is one it does not know. */
function rollupQuery({ query, scope, range }: Feed): MentionQuery | null {
  const f = query.state.filters;
  const other =
    parseSearch(query.state.q).length > 0 ||
    query.tag.length > 0 ||
    query.source.length > 0 ||
    f.read.length === 1 ||
    f.star.length === 1 ||
    f.archived.length > 0;
  if (other) return null;
  return {
    scope,
    start: range.start ?? ALL_TIME.start,
    end: range.end ?? ALL_TIME.end,
    sentiments: f.sentiment,
    sourceTypes: f.type,
    languages: f.language,
  };
}

/** Above this many matches a filter the rollups do not know gives the planner's estimate, said to be one. */
const EXACT_COUNT_LIMIT = 10_000;

/** How many mentions the feed holds; estimated only above 10 000 and only for filters the rollups do not know. */
export async function feedTotal({ db }: Services, feed: Feed): Promise<Total> {
  const counted = rollupQuery(feed);
  if (counted) return { count: (await countMentions(db, counted)).total, estimated: false };
  // The estimate comes first: when it is far above the limit, counting the first 10 001 rows is skipped.
  const from = sql`FROM messages m JOIN sources s ON s.id = m.source_id WHERE ${feed.where}`;
  const [plan] = await queryRows<{ "QUERY PLAN": Array<{ Plan: { "Plan Rows": number } }> | string }>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 ${from}`,
  );
  const raw = plan?.["QUERY PLAN"];
  const parsed = typeof raw === "string" ? JSON.parse(raw) : raw;
  const estimate = Math.round(Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0));
  if (estimate > EXACT_COUNT_LIMIT * 2) return { count: estimate, estimated: true };
  const [exact] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ${EXACT_COUNT_LIMIT + 1}) capped`,
  );
  const n = Number(exact?.n ?? 0);
  if (n <= EXACT_COUNT_LIMIT) return { count: n, estimated: false };
  return { count: Math.max(estimate, EXACT_COUNT_LIMIT + 1), estimated: true };
}
