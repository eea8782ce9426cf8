// Topics of a scope and period (issue 30; the algorithm is in extract.ts): reads the period's mentions, the
// previous period's and the rest of the workspace's, at most `sample` of each. Archived mentions count
// nowhere (ADR 042).
//
// A side's sample is its mentions with the lowest ids: ids are random (v4), so they are a uniform sample.
// To find them without visiting every mention of a large side, the hourly rollups estimate the side's size
// first, and only ids below the share that should give `sample` mentions are looked at (the period's index
// holds the ids). How many mentions the side has is then estimated from the sample: exact when all were read.
import { type SQL, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { countMentions, type Sentiment } from "~/core/count.server";
import type { Range } from "~/core/period";
import { inScope, mentionInScope, type ProjectScope } from "~/core/scope.server";
import { instant, queryRows, textArray, uuidArray } from "~/core/sql.server";
import {
  BACKGROUNDS,
  type Background,
  extractTopics,
  TEXT_CHARS,
  type TopicMention,
  type TopicSide,
  type Topics,
} from "./extract";

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
/** The id share looked at is this much larger than the estimate asks for, so the sample is rarely short. */
const MARGIN = 1.25;
const ID_SPACE = 2 ** 32;

/** The share of the id space below an id (its first 32 bits). */
const shareBelow = (id: string) => (Number.parseInt(id.slice(0, 8), 16) + 1) / ID_SPACE;
/** The highest id in the first `share` of the id space. */
const idAt = (share: number) =>
  `${Math.min(ID_SPACE - 1, Math.floor(share * ID_SPACE))
    .toString(16)
    .padStart(8, "0")}-ffff-ffff-ffff-ffffffffffff`;

/**
 * A side's mentions: a uniform sample of at most `sample`, newest first, read in chunks, and how many it has
 * (`expected`, the rollups' estimate, sets how much of the id space is looked at).
 */
async function readSide(db: Services["db"], where: SQL, expected: number, sample: number): Promise<TopicSide> {
  const share = Math.min(1, (MARGIN * sample) / Math.max(1, expected));
  const below = share < 1 ? sql` AND m.id <= ${idAt(share)}::uuid` : sql``;
  const ids = await queryRows<{ id: string; at: string }>(
    db,
    sql`SELECT m.id, m.published_at::text AS at FROM messages m WHERE ${where}${below} ORDER BY m.id LIMIT ${sample}`,
  );
  // All of the side when nothing was left out; else the sample's share of the id space tells the whole.
  const total =
    ids.length < sample
      ? Math.round(ids.length / share)
      : Math.round(ids.length / shareBelow((ids[ids.length - 1] as { id: string }).id));
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
  return { mentions, total: Math.max(total, mentions.length) };
}

const EMPTY: TopicSide = { mentions: [], total: 0 };

/** The topics of a scope's mentions in a period (see extract.ts), best first. */
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
  const narrow = (column: (name: "type" | "language") => SQL) => {
    const conditions: SQL[] = [];
    if (query.sourceTypes?.length) conditions.push(sql`${column("type")} = ANY(${textArray(query.sourceTypes)})`);
    if (query.languages?.length) conditions.push(sql`${column("language")} = ANY(${textArray(query.languages)})`);
    return conditions;
  };
  const where = [
    sql`NOT m.is_archived`,
    ...narrow((name) =>
      name === "type"
        ? sql`(SELECT s.type::text FROM sources s WHERE s.id = m.source_id)`
        : sql`coalesce(m.language, 'other')`,
    ),
  ];
  const chosen = sentiments.length
    ? sql`${mentionInScope(scope, sql`m.id`)} AND m.sentiment::text = ANY(${textArray(sentiments)})`
    : mentionInScope(scope, sql`m.id`);
  const during = (range: Range, which: SQL) =>
    sql`m.published_at >= ${instant(range.start)} AND m.published_at < ${instant(range.end)} AND ${sql.join(where, sql` AND `)} AND ${which}`;
  const rest = scope === "all" && sentiments.length === 0 ? null : sql`NOT (${chosen})`;

  // Each side's size, from the rollups (core/count): how much of it the sample must read.
  const facets = { sourceTypes: query.sourceTypes, languages: query.languages };
  const total = (range: Range, within: ProjectScope, bySentiment: boolean) =>
    countMentions(db, { scope: within, ...range, ...facets, sentiments: bySentiment ? sentiments : undefined }).then(
      (counted) => counted.total,
    );
  const [size, sizeBefore, sizeWorkspace, own] = await Promise.all([
    total(period, scope, true),
    total(previous, scope, true),
    total(period, "all", false),
    queryRows<{ name: string; keywords: string[]; required_words: string[] }>(
      db,
      sql`SELECT name, keywords, required_words FROM projects WHERE ${inScope(scope, sql`id`)}`,
    ),
  ]);
  const [current, before, workspace] = await Promise.all([
    readSide(db, during(period, chosen), size, sample),
    readSide(db, during(previous, chosen), sizeBefore, sample),
    rest && against.includes("workspace") ? readSide(db, during(period, rest), sizeWorkspace - size, sample) : EMPTY,
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
