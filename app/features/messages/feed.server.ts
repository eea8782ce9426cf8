// The feed's query (ADR 024): who sees which mentions, the search, the filters, keyset pages and counts.
// Every read and every bulk change goes through `feedConditions`, so scope is enforced the same way by URL,
// search, "all matching" and export.
import { type SQL, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { queryRows } from "~/db/client.server";
import type { Translations } from "~/db/schema";
import { inLanguage } from "~/lib/translations";
import { type Cursor, parseCursor, parseTableState } from "~/ui/data-table/parse";
import type { TableState } from "~/ui/data-table/spec";
import { preferencesContext } from "../../core/context.server.ts";
import type { CurrentUser } from "../../core/reader";
import { EXACT_COUNT_LIMIT, messagesFeed } from "./feed";
import { parseSearch, type SearchTerm, simpleQuery } from "./search";

export type FeedState = TableState<typeof messagesFeed>;

export interface FeedQuery {
  state: FeedState;
  project: string[];
  source: string[];
  tag: string[];
  /** yyyy-mm-dd, in the user's time zone; both ends included. */
  from: string | null;
  to: string | null;
}

const uuid = z.uuid();
const day = z.iso.date();
const MAX_VALUES = 50;

const uuids = (values: string[]) => [...new Set(values.filter((v) => uuid.safeParse(v).success))].slice(0, MAX_VALUES);
const oneDay = (value: string | null) => (value && day.safeParse(value).success ? value : null);

/** The feed's state from the URL; anything malformed falls back to its default, so an old link still opens. */
export function parseFeedQuery(params: URLSearchParams): FeedQuery {
  return {
    state: parseTableState(messagesFeed, params),
    project: uuids(params.getAll("project")),
    source: uuids(params.getAll("source")),
    tag: [...new Set(params.getAll("tag").map((t) => t.trim()))].filter(Boolean).slice(0, MAX_VALUES),
    from: oneDay(params.get("from")),
    to: oneDay(params.get("to")),
  };
}

const micros = z.string().regex(/^-?\d{1,17}$/);
const keyOf = {
  published: z.tuple([micros, z.uuid()]),
  reach: z.tuple([z.string().regex(/^\d{1,10}$/), micros, z.uuid()]),
};
export type FeedCursor = Cursor<string[]>;

export function parseFeedCursor(state: FeedState, params: URLSearchParams): FeedCursor | null {
  return parseCursor<string[]>(params, keyOf[state.sort.id]);
}

/** Admins see every mention; anyone else those linked to at least one of their projects. */
export function visibleProjects(user: CurrentUser): string[] | null {
  return user.roles.includes("admin") ? null : user.projectIds.filter((id) => uuid.safeParse(id).success);
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

/**
 * The projects a feed shows: those chosen in its filter, else the switcher's project, else all the user's;
 * never one the user is not in. Null means no restriction (an admin's "all projects").
 */
export function feedProjects(user: CurrentUser, query: Pick<FeedQuery, "project">, activeProjectId: string | null) {
  const visible = visibleProjects(user);
  const allowed = (ids: string[]) => (visible ? ids.filter((id) => visible.includes(id)) : ids);
  if (query.project.length) return allowed(query.project);
  if (activeProjectId && (!visible || visible.includes(activeProjectId))) return [activeProjectId];
  return visible;
}

function searchCondition(terms: SearchTerm[]): SQL | null {
  if (terms.length === 0) return null;
  const parts = terms.map((term) => {
    const simple = sql`to_tsquery('simple', ${simpleQuery(term)})`;
    // The Russian stemmer adds forms the prefix misses (and the other way round: ADR 024).
    const either = term.kind === "word" ? sql`(${simple} || plainto_tsquery('russian', ${term.raw}))` : simple;
    return term.negated ? sql`!!${either}` : either;
  });
  return sql`m.search @@ (${sql.join(parts, sql` && `)})`;
}

const oneOf = (column: SQL, values: readonly string[]) => sql`${column} = ANY(${textArray(values)})`;

/** The WHERE of the feed for this user, scope and query (messages `m`, sources `s`). */
export function feedConditions(
  user: CurrentUser,
  query: FeedQuery,
  activeProjectId: string | null,
  timeZone: string,
): SQL {
  const { state } = query;
  const f = state.filters;
  const conditions: SQL[] = [];
  const projects = feedProjects(user, query, activeProjectId);
  if (projects) {
    conditions.push(
      projects.length
        ? sql`EXISTS (SELECT 1 FROM message_projects mp WHERE mp.message_id = m.id AND mp.project_id = ANY(${uuidArray(projects)}))`
        : sql`false`,
    );
  }
  const search = searchCondition(parseSearch(state.q));
  if (search) conditions.push(search);
  // Compared as the enum, so the planner's statistics (and its estimate of the total) see it.
  if (f.sentiment.length) conditions.push(sql`m.sentiment = ANY(${textArray(f.sentiment)}::sentiment[])`);
  if (f.type.length) conditions.push(oneOf(sql`s.type::text`, f.type));
  if (f.language.length) {
    const known = f.language.filter((l) => l !== "other");
    const other = f.language.includes("other") ? sql`(m.language IS NULL OR m.language = 'other')` : sql`false`;
    conditions.push(known.length ? sql`(${oneOf(sql`m.language`, known)} OR ${other})` : other);
  }
  if (f.read.length === 1) conditions.push(f.read[0] === "read" ? sql`m.is_read` : sql`NOT m.is_read`);
  if (f.star.length === 1) conditions.push(f.star[0] === "starred" ? sql`m.is_starred` : sql`NOT m.is_starred`);
  conditions.push(f.archived.length ? sql`m.is_archived` : sql`NOT m.is_archived`);
  if (query.source.length) conditions.push(sql`m.source_id = ANY(${uuidArray(query.source)})`);
  if (query.tag.length) conditions.push(sql`m.tags && ${textArray(query.tag)}`);
  // Periods count whole days in the user's time zone, today included.
  const period = f.period.map(Number).sort((a, b) => b - a)[0];
  if (period) {
    conditions.push(
      sql`m.published_at >= (date_trunc('day', now() AT TIME ZONE ${timeZone}) - make_interval(days => ${period - 1})) AT TIME ZONE ${timeZone}`,
    );
  }
  if (query.from) conditions.push(sql`m.published_at >= ${query.from}::timestamp AT TIME ZONE ${timeZone}`);
  if (query.to) {
    conditions.push(sql`m.published_at < (${query.to}::date + 1)::timestamp AT TIME ZONE ${timeZone}`);
  }
  return sql.join(conditions, sql` AND `);
}

/** The feed a request asks for: its query from the URL, in the user's scope (switcher, time zone). */
export function feedContext(context: Readonly<RouterContextProvider>, user: CurrentUser, params: URLSearchParams) {
  const preferences = context.get(preferencesContext);
  const activeProjectId = preferences?.activeProjectId ?? null;
  const query = parseFeedQuery(params);
  return {
    query,
    where: feedConditions(user, query, activeProjectId, preferences?.timezone ?? "UTC"),
    projects: feedProjects(user, query, activeProjectId),
  };
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
  /** The linked projects the user may see, with the terms each matched. */
  projects: FeedProject[];
}

type Row = Omit<FeedItem, "projects" | "source"> & {
  source: string;
  sourceTranslations: Translations;
  projects: Array<FeedProject & { translations: Translations }>;
  key: string[];
};

/** The columns a feed row shows; the visible projects only, so a foreign project's name never shows. */
function itemColumns(visible: string[] | null, textLimit: number | null) {
  const mine = visible ? sql`AND p.id = ANY(${uuidArray(visible)})` : sql``;
  return sql`m.id, m.title, ${textLimit ? sql`left(m.text, ${textLimit})` : sql`m.text`} AS text, m.url, m.author,
    m.published_at AS "publishedAt", m.language, m.sentiment, m.reach, m.tags, m.is_read AS "isRead",
    m.is_starred AS "isStarred", m.is_archived AS "isArchived", s.name AS source,
    s.translations AS "sourceTranslations", s.type AS "sourceType",
    (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'color', p.color,
        'translations', p.translations, 'terms', mp.matched_terms) ORDER BY p.name), '[]'::json)
      FROM message_projects mp JOIN projects p ON p.id = mp.project_id
      WHERE mp.message_id = m.id ${mine}) AS projects`;
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
  where: SQL,
  state: FeedState,
  cursor: FeedCursor | null,
  visible: string[] | null,
  language: string,
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
  const rows = await queryRows<Row>(sql`
    SELECT ${itemColumns(visible, 4000)}, ${keySelect} AS key
    ${FROM} WHERE ${where} AND ${after}
    ORDER BY ${order} LIMIT ${state.pageSize + 1}`);
  const more = rows.length > state.pageSize;
  const page = rows.slice(0, state.pageSize);
  if (!forward) page.reverse();
  const first = page[0]?.key ?? null;
  const last = page.at(-1)?.key ?? null;
  return {
    items: page.map(({ key: _key, ...row }) => shapeItem(row, language)),
    previous: forward ? (cursor ? first : null) : more ? first : null,
    next: forward ? (more ? last : null) : last,
  };
}

/**
 * How many mentions match: exact up to 10 000, the planner's estimate above that (and said to be one). The
 * estimate comes first: when it is far above the limit, counting the first 10 001 rows is skipped.
 */
export async function feedCount(where: SQL): Promise<{ count: number; estimated: boolean }> {
  const [plan] = await queryRows<{ "QUERY PLAN": Array<{ Plan: { "Plan Rows": number } }> | string }>(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 ${FROM} WHERE ${where}`,
  );
  const raw = plan?.["QUERY PLAN"];
  const parsed = typeof raw === "string" ? JSON.parse(raw) : raw;
  const estimate = Math.round(Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0));
  if (estimate > EXACT_COUNT_LIMIT * 2) return { count: estimate, estimated: true };
  const [exact] = await queryRows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 ${FROM} WHERE ${where} LIMIT ${EXACT_COUNT_LIMIT + 1}) capped`,
  );
  const n = Number(exact?.n ?? 0);
  if (n <= EXACT_COUNT_LIMIT) return { count: n, estimated: false };
  return { count: Math.max(estimate, EXACT_COUNT_LIMIT + 1), estimated: true };
}

/** Every matching mention, newest first, a batch at a time (for the CSV export): never the whole set in memory. */
export async function* feedRows(where: SQL, visible: string[] | null, language: string, limit: number) {
  const batch = 1000;
  let after: string[] | null = null;
  let sent = 0;
  while (sent < limit) {
    const continueAfter: SQL = after
      ? sql`(m.published_at, m.id) < (${fromMicros(after[0] as string)}, ${after[1]}::uuid)`
      : sql`true`;
    const rows: Row[] = await queryRows<Row>(sql`
      SELECT ${itemColumns(visible, null)}, ARRAY[${MICROS}, m.id::text] AS key
      ${FROM} WHERE ${where} AND ${continueAfter}
      ORDER BY m.published_at DESC, m.id DESC LIMIT ${Math.min(batch, limit - sent)}`);
    for (const { key: _key, ...row } of rows) yield shapeItem(row, language);
    sent += rows.length;
    if (rows.length < batch) return;
    after = (rows.at(-1) as Row).key;
  }
}

/** The feed's filter choices: the user's projects, the sources and tags in use. */
export async function filterChoices(visible: string[] | null, language: string) {
  const mine = visible ? sql`WHERE p.id = ANY(${uuidArray(visible)})` : sql``;
  const [projects, sources, tags] = await Promise.all([
    queryRows<{ id: string; name: string; translations: Translations }>(
      sql`SELECT p.id, p.name, p.translations FROM projects p ${mine} ORDER BY lower(p.name)`,
    ),
    queryRows<{ id: string; name: string; translations: Translations }>(
      sql`SELECT s.id, s.name, s.translations FROM sources s ORDER BY lower(s.name)`,
    ),
    workspaceTags(),
  ]);
  const named = (rows: typeof projects) =>
    rows.map((r) => ({ id: r.id, name: inLanguage({ name: r.name, translations: r.translations }, "name", language) }));
  return { projects: named(projects), sources: named(sources), tags };
}

/**
 * The tags in use in the workspace, most used first (suggestions for tagging and the tag filter): those of
 * the newest 10 000 mentions, so the cost stays the same however many mentions there are.
 */
export async function workspaceTags(limit = 100): Promise<string[]> {
  const rows = await queryRows<{ tag: string }>(
    sql`SELECT tag FROM (SELECT tags FROM messages ORDER BY published_at DESC LIMIT 10000) recent, unnest(recent.tags) AS tag
      GROUP BY tag ORDER BY count(*) DESC, tag LIMIT ${limit}`,
  );
  return rows.map((r) => r.tag);
}

/** How many mentions matching the feed arrived (were collected) after `since`, up to 100. */
/**
 * The database's clock, to the microsecond, as the moment a feed was loaded: arrivals are compared with
 * collected_at, which the database stamps (the server's own clock may differ by some milliseconds).
 */
export async function databaseNow(): Promise<string> {
  const [row] = await queryRows<{ now: string }>(
    sql`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS now`,
  );
  return row?.now ?? new Date().toISOString();
}

export async function arrivedSince(where: SQL, since: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 ${FROM} WHERE ${where} AND m.collected_at > ${since}::timestamptz LIMIT 100) recent`,
  );
  return Number(row?.n ?? 0);
}
