// Topics of a scope and period (issue 30; the algorithm is in topics.ts): reads the period's mentions, the
// previous period's and the rest of the workspace's, each a uniform sample of at most `sample` mentions
// (message ids are random, so the lowest ids are one), in chunks. Archived mentions count nowhere (ADR 042).
import { type SQL, sql } from "drizzle-orm";
import type { Services } from "./context.server.ts";
import type { Sentiment } from "./count.server.ts";
import type { Range } from "./period.ts";
import { inScope, mentionInScope, type ProjectScope } from "./scope.server.ts";
import { instant, queryRows, textArray, uuidArray } from "./sql.server.ts";
import {
  BACKGROUNDS,
  type Background,
  extractTopics,
  TEXT_CHARS,
  type TopicMention,
  type TopicSide,
  type Topics,
} from "./topics.ts";

export interface TopicQuery {
  scope: ProjectScope;
  /** In the reader's zone (core/period). */
  period: Range;
  /** The period compared with; the same length just before when not given. */
  previous?: Range;
  /** Only mentions of these sentiments are described ("main negative topics"); every sentiment when empty. */
  sentiments?: readonly Sentiment[];
  /** Only mentions from sources of these types, and in these languages (`other`: any other or unknown), as in
   * core/count's MentionQuery; the rest of the workspace is narrowed the same way. */
  sourceTypes?: readonly string[];
  languages?: readonly string[];
  /** What the topics must stand out against; both by default ("what is new here"); `["workspace"]` for
   * "what is talked about here", however long it has been. */
  against?: readonly Background[];
  limit?: number;
  /** Mentions read per side at most: bounds time and memory at any size, at the cost of topics of fewer than
   * about `minMentions × total / sample` mentions. */
  sample?: number;
  minMentions?: number;
}

export const TOPIC_SAMPLE = 2_000;
const CHUNK = 500;

/** The mentions of a side: how many, and a uniform sample of them, newest first, read in chunks. */
async function readSide(db: Services["db"], where: SQL, sample: number): Promise<TopicSide> {
  const ids = await queryRows<{ id: string; at: string; total: number }>(
    db,
    sql`SELECT m.id, m.published_at::text AS at, count(*) OVER ()::int AS total FROM messages m WHERE ${where}
      ORDER BY m.id LIMIT ${sample}`,
  );
  ids.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const mentions: TopicMention[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK).map((r) => r.id);
    const rows = await queryRows<TopicMention>(
      db,
      sql`SELECT m.id, m.title, left(m.text, ${TEXT_CHARS}) AS text, m.language, m.sentiment::text AS sentiment
        FROM messages m WHERE m.id = ANY(${uuidArray(chunk)})`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of chunk) {
      const row = byId.get(id);
      if (row) mentions.push(row);
    }
  }
  return { mentions, total: Number(ids[0]?.total ?? 0) };
}

const EMPTY: TopicSide = { mentions: [], total: 0 };

/** The topics of a scope's mentions in a period (see topics.ts), best first. */
export async function findTopics(services: Services, query: TopicQuery): Promise<Topics> {
  const { scope, period, sentiments = [], against = BACKGROUNDS, sample = TOPIC_SAMPLE } = query;
  if (scope !== "all" && scope.length === 0) {
    return { topics: [], mentions: 0, read: 0, estimated: false, compared: [] };
  }
  const length = period.end.getTime() - period.start.getTime();
  const previous = query.previous ?? { start: new Date(period.start.getTime() - length), end: period.start };
  const { db } = services;
  // Source types and languages narrow every side; the scope and the sentiments say which mentions are
  // described, and the rest of the workspace is everything else (nothing when every mention is described).
  const where = [sql`NOT m.is_archived`];
  if (query.sourceTypes?.length) {
    where.push(
      sql`EXISTS (SELECT 1 FROM sources s WHERE s.id = m.source_id AND s.type::text = ANY(${textArray(query.sourceTypes)}))`,
    );
  }
  if (query.languages?.length) where.push(sql`coalesce(m.language, 'other') = ANY(${textArray(query.languages)})`);
  const chosen = sentiments.length
    ? sql`${mentionInScope(scope, sql`m.id`)} AND m.sentiment::text = ANY(${textArray(sentiments)})`
    : mentionInScope(scope, sql`m.id`);
  const during = (range: Range, which: SQL) =>
    sql`m.published_at >= ${instant(range.start)} AND m.published_at < ${instant(range.end)} AND ${sql.join(where, sql` AND `)} AND ${which}`;
  const rest = scope === "all" && sentiments.length === 0 ? null : sql`NOT (${chosen})`;
  const [own, current, before, workspace] = await Promise.all([
    queryRows<{ name: string; keywords: string[]; required_words: string[] }>(
      db,
      sql`SELECT name, keywords, required_words FROM projects WHERE ${inScope(scope, sql`id`)}`,
    ),
    readSide(db, during(period, chosen), sample),
    readSide(db, during(previous, chosen), sample),
    rest && against.includes("workspace") ? readSide(db, during(period, rest), sample) : EMPTY,
  ]);
  return extractTopics(
    { current, previous: before, workspace },
    {
      ownTerms: own.flatMap((p) => [p.name, ...p.keywords, ...p.required_words]),
      against,
      limit: query.limit,
      minMentions: query.minMentions,
    },
  );
}
