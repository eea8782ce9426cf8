// The feed's query (ADR 024): the search, the filters, keyset pages and the rows of its export. Who sees which
// mentions comes from core/scope.server and the dates from core/period (ADR 042); every read and every bulk
// change goes through `feedOf`, so the page, its total, "all matching", the export, the palette and the poll
// cover the same mentions.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "~/core/context.server";
import { countByAuthor } from "~/core/count.server";
import { KEPT_PAGES, keptWhileMentionsUnchanged, SCREEN_FIGURES_MS } from "~/core/kept.server";
import { addDays, isDay, presetDays, rangeOf, startOfDay, today } from "~/core/period";
import { can } from "~/core/permissions";
import { tryParseQuery } from "~/core/query";
import { queryCondition } from "~/core/query-sql.server";
import type { Reader, Viewer } from "~/core/reader";
import { inScope, mentionInScope, type ProjectScope, readerScope, visibleScope } from "~/core/scope.server";
import { instant, isUuid, queryRows, textArray, uuidArray, uuids } from "~/core/sql.server";
import type { TableState } from "~/core/table";
import type { Translations } from "~/db/schema";
import { normalizeAuthor } from "~/features/sources/normalize";
import { inLanguage } from "~/lib/translations";
import { type Cursor, parseCursor, parseTableState } from "~/ui/data-table/parse";
import { messagesFeed } from "./feed";
import { feedTotal } from "./feed-total.server";

export type FeedState = TableState<typeof messagesFeed>;

export interface FeedQuery {
  state: FeedState;
  project: string[];
  source: string[];
  tag: string[];
  /** One author, as stored (`normalizeAuthor`): the author analytics counts a mention for. */
  author: string | null;
  /** yyyy-mm-dd, in the reader's time zone; both ends included. */
  from: string | null;
  to: string | null;
}

const MAX_VALUES = 50;
const dayOrNull = (value: string | null) => (isDay(value) ? value : null);

/** The feed's state from the URL; anything malformed falls back to its default, so an old link still opens. */
export function parseFeedQuery(params: URLSearchParams): FeedQuery {
  return {
    state: parseTableState(messagesFeed, params),
    project: uuids(params.getAll("project"), MAX_VALUES),
    source: uuids(params.getAll("source"), MAX_VALUES),
    tag: [...new Set(params.getAll("tag").map((t) => t.trim()))].filter(Boolean).slice(0, MAX_VALUES),
    author: normalizeAuthor(params.get("author")) || null,
    from: dayOrNull(params.get("from")),
    to: dayOrNull(params.get("to")),
  };
}

const micros = z.string().regex(/^-?\d{1,17}$/);
const id = z.string().refine(isUuid);
const keyOf = {
  published: z.tuple([micros, id]),
  reach: z.tuple([z.string().regex(/^\d{1,10}$/), micros, id]),
};
export type FeedCursor = Cursor<string[]>;

export function parseFeedCursor(state: FeedState, params: URLSearchParams): FeedCursor | null {
  return parseCursor<string[]>(params, keyOf[state.sort.id]);
}

/** The instants the feed's dates cover; null is an open end. */
export interface FeedRange {
  start: Date | null;
  /** Exclusive. */
  end: Date | null;
}

/**
 * The feed's dates as instants in the reader's zone: its period (today and the days before it, up to the end
 * of today, as everywhere else) and its from/to days (both included); when both are given, what they share.
 */
export function feedRange(query: FeedQuery, timeZone: string, now: Date): FeedRange {
  const starts: Date[] = [];
  const ends: Date[] = [];
  const longest = query.state.filters.period.toSorted((a, b) => Number(b) - Number(a))[0];
  if (longest) {
    const period = rangeOf(presetDays(longest, today(timeZone, now)), timeZone);
    starts.push(period.start);
    ends.push(period.end);
  }
  if (query.from) starts.push(startOfDay(query.from, timeZone));
  if (query.to) ends.push(startOfDay(addDays(query.to, 1), timeZone));
  const latest = starts.toSorted((a, b) => b.getTime() - a.getTime())[0];
  const earliest = ends.toSorted((a, b) => a.getTime() - b.getTime())[0];
  return { start: latest ?? null, end: earliest ?? null };
}

/**
 * The conditions of a feed (messages `m`, sources `s`) but its search. Scope, sentiment, source type, source,
 * language, author, archived and the dates read as core/count.server reads them, so the total it gives for them is
 * the number of rows here.
 */
function feedConditions(scope: ProjectScope, query: FeedQuery, range: FeedRange): SQL {
  const f = query.state.filters;
  const conditions: SQL[] = [mentionInScope(scope, sql`m.id`)];
  // Compared as the enum, so the planner's statistics see it.
  if (f.sentiment.length) conditions.push(sql`m.sentiment = ANY(${textArray(f.sentiment)}::sentiment[])`);
  if (f.type.length) conditions.push(sql`s.type::text = ANY(${textArray(f.type)})`);
  // `other` is any other or unknown language, as the rollups keep it.
  if (f.language.length) conditions.push(sql`kuzatuv_rollup_language(m.language) = ANY(${textArray(f.language)})`);
  if (f.read.length === 1) conditions.push(f.read[0] === "read" ? sql`m.is_read` : sql`NOT m.is_read`);
  if (f.star.length === 1) conditions.push(f.star[0] === "starred" ? sql`m.is_starred` : sql`NOT m.is_starred`);
  conditions.push(f.archived.length ? sql`m.is_archived` : sql`NOT m.is_archived`);
  if (query.source.length) conditions.push(sql`m.source_id = ANY(${uuidArray(query.source)})`);
  if (query.tag.length) conditions.push(sql`m.tags && ${textArray(query.tag)}`);
  if (query.author) conditions.push(sql`m.author = ${query.author}`);
  if (range.start) conditions.push(sql`m.published_at >= ${instant(range.start)}`);
  if (range.end) conditions.push(sql`m.published_at < ${instant(range.end)}`);
  return sql.join(conditions, sql` AND `);
}

/** A feed as its URL asks for it: the query, the projects it covers, its dates and its WHERE. */
export interface Feed {
  query: FeedQuery;
  /** The projects chosen in its filter that the reader may see, else the switcher's, else all they may see. */
  scope: ProjectScope;
  range: FeedRange;
  /** Its conditions but the text search. */
  filters: SQL;
  /** Its text search, if any (a query that cannot be read finds nothing; the page says why). */
  search: SQL | null;
  /** Both: the mentions it lists. */
  where: SQL;
}

/** The feed a URL asks for, for this reader (their projects, switcher and zone). */
export function feedOf(reader: Viewer, params: URLSearchParams, now = new Date()): Feed {
  const query = parseFeedQuery(params);
  const scope = readerScope(reader, { chosen: query.project, active: reader.activeProjectId });
  const range = feedRange(query, reader.timeZone, now);
  const filters = feedConditions(scope, query, range);
  const parsed = tryParseQuery(query.state.q);
  const search = "tree" in parsed ? queryCondition(parsed.tree) : sql`FALSE`;
  return { query, scope, range, filters, search, where: search ? sql`${filters} AND ${search}` : filters };
}

const FROM = sql`FROM messages m JOIN sources s ON s.id = m.source_id`;

export interface FeedProject {
  id: string;
  name: string;
  color: string;
  terms: string[];
}

export interface FeedItem {
  id: string;
  title: string | null;
  text: string;
  url: string | null;
  author: string | null;
  publishedAt: string;
  language: string | null;
  sentiment: "positive" | "neutral" | "negative";
  reach: number;
  tags: string[];
  isRead: boolean;
  isStarred: boolean;
  isArchived: boolean;
  source: string;
  sourceType: string;
  /** The linked projects the reader may see, with the terms each matched. */
  projects: FeedProject[];
}

type Row = Omit<FeedItem, "projects" | "source"> & {
  source: string;
  sourceTranslations: Translations;
  projects: Array<FeedProject & { translations: Translations }>;
  key: string[];
};

/** The columns a feed row shows; the reader's projects only, so a foreign project's name never shows. */
function itemColumns(reader: Reader, textLimit: number | null) {
  return sql`m.id, m.title, ${textLimit ? sql`left(m.text, ${textLimit})` : sql`m.text`} AS text, m.url, m.author,
    m.published_at AS "publishedAt", m.language, m.sentiment, m.reach, m.tags, m.is_read AS "isRead",
    m.is_starred AS "isStarred", m.is_archived AS "isArchived", s.name AS source,
    s.translations AS "sourceTranslations", s.type AS "sourceType",
    (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'color', p.color,
        'translations', p.translations, 'terms', mp.matched_terms) ORDER BY p.name), '[]'::json)
      FROM message_projects mp JOIN projects p ON p.id = mp.project_id
      WHERE mp.message_id = m.id AND ${inScope(visibleScope(reader), sql`p.id`)}) AS projects`;
}

function shapeItem(row: Omit<Row, "key">, language: string): FeedItem {
  const { sourceTranslations, ...rest } = row;
  return {
    ...rest,
    publishedAt: new Date(row.publishedAt).toISOString(),
    source: inLanguage({ name: row.source, translations: sourceTranslations }, "name", language),
    projects: row.projects.map(({ translations, ...p }) => ({
      ...p,
      name: inLanguage({ name: p.name, translations }, "name", language),
    })),
  };
}

const MICROS = sql`(extract(epoch FROM m.published_at) * 1000000)::bigint::text`;
const fromMicros = (value: string) => sql`('epoch'::timestamptz + ${value}::bigint * interval '1 microsecond')`;

/** One keyset page: the rows, and the sort keys to continue from on either side (null at an end). */
export async function feedPage(
  { db }: Services,
  reader: Reader,
  where: SQL,
  state: FeedState,
  cursor: FeedCursor | null,
) {
  const byReach = state.sort.id === "reach";
  const keyColumns = byReach ? sql`m.reach, m.published_at, m.id` : sql`m.published_at, m.id`;
  const keySelect = byReach ? sql`ARRAY[m.reach::text, ${MICROS}, m.id::text]` : sql`ARRAY[${MICROS}, m.id::text]`;
  const forward = cursor?.direction !== "before";
  // Going back reads the rows before the cursor in the other order, then turns them round.
  const scanDesc = state.sort.desc === forward;
  const direction = scanDesc ? sql`DESC` : sql`ASC`;
  let after = sql`true`;
  if (cursor) {
    const [a, b, c] = cursor.key as [string, string, string?];
    const value = byReach ? sql`(${a}::int, ${fromMicros(b)}, ${c}::uuid)` : sql`(${fromMicros(a)}, ${b}::uuid)`;
    after = sql`(${keyColumns}) ${scanDesc ? sql`<` : sql`>`} ${value}`;
  }
  const order = byReach
    ? sql`m.reach ${direction}, m.published_at ${direction}, m.id ${direction}`
    : sql`m.published_at ${direction}, m.id ${direction}`;
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${itemColumns(reader, 4000)}, ${keySelect} AS key
    ${FROM} WHERE ${where} AND ${after}
    ORDER BY ${order} LIMIT ${state.pageSize + 1}`,
  );
  const more = rows.length > state.pageSize;
  const page = rows.slice(0, state.pageSize);
  if (!forward) page.reverse();
  const first = page[0]?.key ?? null;
  const last = page.at(-1)?.key ?? null;
  return {
    items: page.map(({ key: _key, ...row }) => shapeItem(row, reader.language)),
    previous: forward ? (cursor ? first : null) : more ? first : null,
    next: forward ? (more ? last : null) : last,
  };
}

/** Every matching mention, newest first, a batch at a time (for the CSV export): never the whole set in memory. */
export async function* feedRows({ db }: Services, reader: Reader, where: SQL, limit: number) {
  const batch = 1000;
  let after: string[] | null = null;
  let sent = 0;
  while (sent < limit) {
    const continueAfter: SQL = after
      ? sql`(m.published_at, m.id) < (${fromMicros(after[0] as string)}, ${after[1]}::uuid)`
      : sql`true`;
    const rows: Row[] = await queryRows<Row>(
      db,
      sql`SELECT ${itemColumns(reader, null)}, ARRAY[${MICROS}, m.id::text] AS key
      ${FROM} WHERE ${where} AND ${continueAfter}
      ORDER BY m.published_at DESC, m.id DESC LIMIT ${Math.min(batch, limit - sent)}`,
    );
    for (const { key: _key, ...row } of rows) yield shapeItem(row, reader.language);
    sent += rows.length;
    if (rows.length < batch) return;
    after = (rows.at(-1) as Row).key;
  }
}

/** The feed's filter choices: the reader's projects, the workspace's sources, the tags and authors in use. */
export async function filterChoices(services: Services, reader: Reader, now = new Date()) {
  const { db } = services;
  const [projects, sources, tags, authors] = await Promise.all([
    queryRows<{ id: string; name: string; translations: Translations }>(
      db,
      sql`SELECT p.id, p.name, p.translations FROM projects p
        WHERE ${inScope(visibleScope(reader), sql`p.id`)} ORDER BY lower(p.name)`,
    ),
    queryRows<{ id: string; name: string; translations: Translations }>(
      db,
      sql`SELECT s.id, s.name, s.translations FROM sources s ORDER BY lower(s.name)`,
    ),
    workspaceTags(services, reader),
    recentAuthors(services, reader, now),
  ]);
  const named = (rows: typeof projects) =>
    rows.map((r) => ({
      id: r.id,
      name: inLanguage({ name: r.name, translations: r.translations }, "name", reader.language),
    }));
  return { projects: named(projects), sources: named(sources), tags, authors };
}

const AUTHOR_SUGGESTIONS = 50;

/**
 * The authors the author filter suggests: those with the most of the reader's mentions in the last 90 UTC
 * days, from the daily author rollups (whole UTC days, so only that table is read).
 */
async function recentAuthors({ db }: Services, reader: Reader, now: Date): Promise<string[]> {
  const day = today("UTC", now);
  const [start, end] = [startOfDay(addDays(day, -89), "UTC"), startOfDay(addDays(day, 1), "UTC")];
  const rows = await countByAuthor(db, { scope: visibleScope(reader), start, end }, { limit: AUTHOR_SUGGESTIONS });
  return rows.map((row) => row.author);
}

/**
 * The tags in use on the mentions the reader may see, most used first (suggestions for tagging and the tag
 * filter): those of the newest 10 000 such mentions, so the cost stays the same however many there are.
 */
export async function workspaceTags({ db }: Services, reader: Reader, limit = 100): Promise<string[]> {
  const rows = await queryRows<{ tag: string }>(
    db,
    sql`SELECT tag FROM (SELECT m.tags FROM messages m WHERE ${mentionInScope(visibleScope(reader), sql`m.id`)}
        ORDER BY m.published_at DESC LIMIT 10000) recent, unnest(recent.tags) AS tag
      GROUP BY tag ORDER BY count(*) DESC, tag LIMIT ${limit}`,
  );
  return rows.map((r) => r.tag);
}

/**
 * The database's clock, to the microsecond, as the moment a feed was loaded: arrivals are compared with
 * collected_at, which the database stamps (the server's own clock may differ by some milliseconds).
 */
async function databaseNow({ db }: Services): Promise<string> {
  const [row] = await queryRows<{ now: string }>(
    db,
    sql`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS now`,
  );
  return row?.now ?? new Date().toISOString();
}

/** How many mentions matching the feed arrived (were collected) after `since`, up to 100. */
export async function arrivedSince({ db }: Services, where: SQL, since: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 ${FROM} WHERE ${where} AND m.collected_at > ${since}::timestamptz LIMIT 100) recent`,
  );
  return Number(row?.n ?? 0);
}

// A feed page is kept for a few seconds, shared by every request asking the same of the same projects, as the
// overview's figures are: under load most requests then skip the database. Whatever changes mentions (new ones,
// triage, re-matching) drops it.
const keptFeed = keptWhileMentionsUnchanged(SCREEN_FIGURES_MS, KEPT_PAGES);

/** The feed page: a keyset page of the feed its URL asks for, its total, its filter menus. */
export async function loadFeed(services: Services, reader: Reader, params: URLSearchParams) {
  const question = [
    reader.roles,
    reader.projectIds,
    reader.activeProjectId,
    reader.timeZone,
    reader.language,
    [...params].sort(),
  ];
  const feed = await keptFeed(question, () => readFeed(services, reader, params));
  return { ...feed, canTriage: can(reader, "messages.triage") };
}

async function readFeed(services: Services, reader: Reader, params: URLSearchParams) {
  const feed = feedOf(reader, params);
  const cursor = parseFeedCursor(feed.query.state, params);
  const choices = await filterChoices(services, reader);
  const page = await feedPage(services, reader, feed.where, feed.query.state, cursor);
  const total = await feedTotal(services, feed);
  const loadedAt = await databaseNow(services);
  const only = feed.scope !== "all" && feed.scope.length === 1 ? feed.scope[0] : null;
  return {
    query: feed.query,
    ...page,
    atStart: cursor === null,
    loadedAt,
    total,
    choices,
    /** The one project the feed covers, for its heading. */
    scope: choices.projects.find((p) => p.id === only) ?? null,
  };
}

export type FeedData = Awaited<ReturnType<typeof loadFeed>>;
