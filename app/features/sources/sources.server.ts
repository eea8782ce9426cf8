// Sources: the table, adding and editing, pausing, fetching on request, deleting, and one source's page.
// Sources are the workspace's: everyone reads them, managers change them (the routes check), and only the
// mentions shown on a source's page are narrowed to the reader's projects.
import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { mentionsChanged } from "~/core/kept.server";
import { resolvePeriod } from "~/core/period";
import { can } from "~/core/permissions";
import type { Reader } from "~/core/reader";
import { mentionInScope, visibleScope } from "~/core/scope.server";
import { isUuid, newestRows } from "~/core/sql.server";
import type { TableState } from "~/core/table";
import { offsetPage, searchColumns, sortOrder } from "~/core/table.server";
import { fetchAttempts, messages, sources } from "~/db/schema";
import { mentionCardColumns } from "~/features/mentions/mentions.server";
import { inLanguage } from "~/lib/translations";
import { requestFetch } from "./collect.server";
import { checkSourceUrl } from "./collectors/http.server";
import { parseTelegramHandle } from "./collectors/telegram.server";
import type { sourcesTable } from "./list";
import {
  isPolled,
  SOURCE_ADDRESS,
  type SourceAction,
  type SourceInput,
  type SourceStatus,
  type SourceType,
} from "./schemas";
import { generateWebhookSecret, hashWebhookSecret } from "./webhook-secret.server";

export type SourcesTableState = TableState<typeof sourcesTable>;

export interface SourceRow {
  id: string;
  name: string;
  type: SourceType;
  /** Feed or sitemap URL, or the Telegram handle; null for webhook and manual sources. */
  url: string | null;
  language: string | null;
  status: SourceStatus;
  pollIntervalMinutes: number;
  lastFetchedAt: Date | null;
  /** Set while a fetch is queued or running. */
  fetchRequestedAt: Date | null;
  lastResult: "ok" | "not_modified" | "error" | null;
  lastError: string | null;
  lastNewItems: number;
  failureCount: number;
  /** Messages collected from it in the last 7 days (today and the 6 before, in the reader's zone). */
  newItems7d: number;
}

/**
 * One page of sources, searched (name, URL or handle), filtered and sorted as the URL says, with the
 * total and, for each filter, the count per value under the search and the other filter.
 */
export async function listSourcesTable(
  { db }: Services,
  reader: Reader,
  requested: SourcesTableState,
): Promise<{
  state: SourcesTableState;
  total: number;
  rows: SourceRow[];
  typeCounts: Partial<Record<string, number>>;
  statusCounts: Partial<Record<string, number>>;
}> {
  const { q, filters } = requested;
  const search = searchColumns(q, [sources.name, sources.url]);
  const groups = (
    await db
      .select({ type: sources.type, status: sources.status, count: sql<number>`count(*)::int` })
      .from(sources)
      .where(search)
      .groupBy(sources.type, sources.status)
  ).map((g) => ({ ...g, count: Number(g.count) }));
  const typeOk = (type: string) => filters.type.length === 0 || (filters.type as string[]).includes(type);
  const statusOk = (status: string) => filters.status.length === 0 || (filters.status as string[]).includes(status);
  const tally = (pick: (g: (typeof groups)[number]) => string, keep: (g: (typeof groups)[number]) => boolean) => {
    const counts: Record<string, number> = {};
    for (const g of groups.filter(keep)) counts[pick(g)] = (counts[pick(g)] ?? 0) + g.count;
    return counts;
  };
  const typeCounts = tally(
    (g) => g.type,
    (g) => statusOk(g.status),
  );
  const statusCounts = tally(
    (g) => g.status,
    (g) => typeOk(g.type),
  );
  const matching = groups.filter((g) => typeOk(g.type) && statusOk(g.status)).reduce((sum, g) => sum + g.count, 0);

  const week = resolvePeriod("7", reader.timeZone);
  const recent = db
    .select({ sourceId: messages.sourceId, count: sql<number>`count(*)::int`.as("count") })
    .from(messages)
    .where(and(gte(messages.collectedAt, week.start), lt(messages.collectedAt, week.end)))
    .groupBy(messages.sourceId)
    .as("recent");
  const newItems7d = sql<number>`coalesce(${recent.count}, 0)`;
  const byName = sql`lower(${sources.name})`;
  const order = sortOrder(
    requested,
    {
      name: byName,
      type: sources.type,
      status: sources.status,
      // Never fetched is the longest ago.
      lastFetch: sql`coalesce(${sources.lastFetchedAt}, '-infinity')`,
      newItems7d,
      failures: sources.failureCount,
    },
    [byName, sources.id],
  );
  const page = await offsetPage(
    requested,
    async () => matching,
    ({ limit, offset }) =>
      db
        .select({ ...rowColumns, translations: sources.translations, newItems7d })
        .from(sources)
        .leftJoin(recent, eq(recent.sourceId, sources.id))
        .where(
          and(
            search,
            filters.type.length ? inArray(sources.type, filters.type) : undefined,
            filters.status.length ? inArray(sources.status, filters.status) : undefined,
          ),
        )
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );

  return {
    ...page,
    rows: page.rows.map(({ translations, ...row }) => ({
      ...row,
      name: inLanguage({ name: row.name, translations }, "name", reader.language),
      newItems7d: Number(row.newItems7d),
    })),
    typeCounts,
    statusCounts,
  };
}

const rowColumns = {
  id: sources.id,
  name: sources.name,
  type: sources.type,
  url: sources.url,
  language: sources.language,
  status: sources.status,
  pollIntervalMinutes: sources.pollIntervalMinutes,
  lastFetchedAt: sources.lastFetchedAt,
  fetchRequestedAt: sources.fetchRequestedAt,
  lastResult: sources.lastResult,
  lastError: sources.lastError,
  lastNewItems: sources.lastNewItems,
  failureCount: sources.failureCount,
};

export type Source = typeof sources.$inferSelect;

/** A source by id; null for an unknown or malformed id. */
export async function getSource({ db }: Services, id: string): Promise<Source | null> {
  if (!isUuid(id)) return null;
  const [source] = await db.select().from(sources).where(eq(sources.id, id));
  return source ?? null;
}

/** The source's name in the reader's language (demo sources carry translations). */
export function sourceName(source: Pick<Source, "name" | "translations">, language: string) {
  return inLanguage(source, "name", language);
}

/** The form's address fields for a stored source: a URL or a handle, by type. */
export function addressFields(source: Pick<Source, "type" | "url">) {
  const address = SOURCE_ADDRESS[source.type];
  return { url: address === "url" ? (source.url ?? "") : "", handle: address === "handle" ? (source.url ?? "") : "" };
}

const URL_ERRORS = {
  bad_url: "sources:errors.urlInvalid",
  private_address: "sources:errors.urlPrivate",
  unresolvable: "sources:errors.urlUnresolvable",
} as const;

/** A field the server refused after the schema passed it, as a translation key, with the status to answer. */
export interface SourceRefusal {
  ok: false;
  fieldErrors: Partial<Record<"url" | "handle", string>>;
  status: 400 | 409;
}

export type SaveOutcome =
  | SourceRefusal
  | { ok: true; source: Source /** A new webhook source's secret, to show once. */; secret?: string };

/** Where the collector reads from, as stored (the URL, or the handle in its canonical form); or the field's error. */
async function storedAddress(services: Services, input: SourceInput): Promise<{ url: string | null } | SourceRefusal> {
  const address = SOURCE_ADDRESS[input.type];
  if (address === "url") {
    const url = input.url as string;
    const problem = await checkSourceUrl(services, url);
    return problem ? { ok: false, fieldErrors: { url: URL_ERRORS[problem] }, status: 400 } : { url };
  }
  if (address === "handle") {
    const handle = parseTelegramHandle(input.handle as string);
    return handle
      ? { url: handle }
      : { ok: false, fieldErrors: { handle: "sources:errors.handleInvalid" }, status: 400 };
  }
  return { url: null };
}

/** A unique index refused the row (PostgreSQL 23505), however deep the driver wrapped the error. */
function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  while (e && typeof e === "object") {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Checks the address, then stores; another source of the same type and address is refused (409). */
async function saveSource(
  services: Services,
  input: SourceInput,
  store: (address: string | null) => Promise<Omit<Extract<SaveOutcome, { ok: true }>, "ok">>,
): Promise<SaveOutcome> {
  const address = await storedAddress(services, input);
  if ("ok" in address) return address;
  try {
    return { ok: true, ...(await store(address.url)) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const field = SOURCE_ADDRESS[input.type] === "handle" ? "handle" : "url";
    return { ok: false, fieldErrors: { [field]: "sources:errors.duplicate" }, status: 409 };
  }
}

/** Adds a source (its address a public http(s) URL, or a Telegram handle); a webhook source gets its secret. */
export function createSource(services: Services, reader: Reader, input: SourceInput): Promise<SaveOutcome> {
  return saveSource(services, input, async (url) => {
    const secret = input.type === "webhook" ? generateWebhookSecret() : undefined;
    const [source] = await services.db
      .insert(sources)
      .values({
        name: input.name,
        url,
        language: input.language,
        pollIntervalMinutes: isPolled(input.type) ? input.pollIntervalMinutes : undefined,
        type: input.type,
        webhookSecretHash: secret ? hashWebhookSecret(secret) : null,
        createdBy: isUuid(reader.id) ? reader.id : null,
      })
      .returning();
    return { source: source as Source, secret };
  });
}

/**
 * Edits a source; its type stays (`input.type` is the stored one). A changed address starts the collector
 * afresh (no validators, no state, no failures).
 */
export function updateSource(services: Services, existing: Source, input: SourceInput): Promise<SaveOutcome> {
  return saveSource(services, input, async (url) => {
    const moved = existing.url !== url;
    const [source] = await services.db
      .update(sources)
      .set({
        name: input.name,
        url,
        language: input.language,
        pollIntervalMinutes: isPolled(existing.type) ? input.pollIntervalMinutes : existing.pollIntervalMinutes,
        ...(moved ? { etag: null, lastModified: null, collectorState: {}, failureCount: 0, lastError: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(sources.id, existing.id))
      .returning();
    return { source: source as Source };
  });
}

/** Pauses or resumes a source; a resumed source is due at once, with its failures forgotten. Null if missing. */
export async function setSourceStatus(services: Services, id: string, status: "active" | "paused") {
  const source = await getSource(services, id);
  if (!source) return null;
  await services.db
    .update(sources)
    .set(
      status === "active"
        ? { status, failureCount: 0, nextFetchAt: sql`now()`, updatedAt: sql`now()` }
        : { status, updatedAt: sql`now()` },
    )
    .where(eq(sources.id, source.id));
  return source;
}

/** A new webhook secret for a webhook source, replacing the old one at once; returned to show once. */
export async function rotateWebhookSecret({ db }: Services, source: Pick<Source, "id">): Promise<string> {
  const secret = generateWebhookSecret();
  await db
    .update(sources)
    .set({ webhookSecretHash: hashWebhookSecret(secret), updatedAt: sql`now()` })
    .where(eq(sources.id, source.id));
  return secret;
}

/** How many mentions (messages) were collected from the source: they are deleted with it. */
export async function mentionCount({ db }: Services, sourceId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(eq(messages.sourceId, sourceId));
  return Number(row?.count ?? 0);
}

/** Deletes the source with its messages (and their project links; the rollups follow). */
export async function deleteSource({ db }: Services, id: string) {
  await db.delete(sources).where(eq(sources.id, id));
  mentionsChanged();
}

/** The last 50 fetches of a source, newest first. */
export function fetchHistory({ db }: Services, sourceId: string) {
  return newestRows(
    db,
    fetchAttempts,
    {
      id: fetchAttempts.id,
      startedAt: fetchAttempts.startedAt,
      durationMs: fetchAttempts.durationMs,
      httpStatus: fetchAttempts.httpStatus,
      result: fetchAttempts.result,
      newItems: fetchAttempts.newItems,
      duplicateItems: fetchAttempts.duplicateItems,
      error: fetchAttempts.error,
    },
    { owner: fetchAttempts.sourceId, id: sourceId, at: fetchAttempts.startedAt, limit: 50 },
  );
}

/** The source's newest mentions the reader may see (those linked to one of their projects; all for admins). */
export async function sourceMentions({ db }: Services, reader: Reader, source: Source, limit = 10) {
  const rows = await db
    .select(mentionCardColumns)
    .from(messages)
    .where(and(eq(messages.sourceId, source.id), mentionInScope(visibleScope(reader), messages.id)))
    .orderBy(desc(messages.publishedAt), asc(messages.id))
    .limit(limit);
  const name = sourceName(source, reader.language);
  return rows.map((m) => ({ ...m, source: name, sourceType: source.type }));
}

/** What a source's page shows the reader: its settings, its fetches, its newest mentions they may see. */
export async function sourcePage(services: Services, reader: Reader, source: Source) {
  const canManage = can(reader, "sources.manage");
  const [history, mentions, mentionsTotal] = await Promise.all([
    fetchHistory(services, source.id),
    sourceMentions(services, reader, source),
    canManage ? mentionCount(services, source.id) : Promise.resolve(0),
  ]);
  return {
    source: {
      id: source.id,
      type: source.type,
      name: sourceName(source, reader.language),
      /** What the delete confirmation asks to type. */
      storedName: source.name,
      url: source.url,
      language: source.language,
      status: source.status,
      pollIntervalMinutes: source.pollIntervalMinutes,
      lastFetchedAt: source.lastFetchedAt,
      fetchRequestedAt: source.fetchRequestedAt,
      lastResult: source.lastResult,
      lastError: source.lastError,
      failureCount: source.failureCount,
      nextFetchAt: source.nextFetchAt,
      createdAt: source.createdAt,
    },
    history,
    mentions,
    mentionsTotal,
    canManage,
    /** The reader's zone, in which the fetches are shown. */
    timeZone: reader.timeZone,
  };
}

export type SourcePageData = Awaited<ReturnType<typeof sourcePage>>;

/**
 * The row actions the table and the source's page share — pause, resume, fetch now — as the toast that
 * reports them; null when the source is missing.
 */
export async function runSourceAction(services: Services, id: string, intent: SourceAction) {
  if (intent === "fetch") {
    const source = await getSource(services, id);
    if (!source) return null;
    if (!(await requestFetch(services, source.id)))
      return { type: "error" as const, key: "sources:toast.notFetchable" };
    return { type: "info" as const, key: "sources:toast.fetchQueued", values: { name: source.name } };
  }
  const source = await setSourceStatus(services, id, intent === "pause" ? "paused" : "active");
  if (!source) return null;
  return {
    type: "success" as const,
    key: intent === "pause" ? "sources:toast.paused" : "sources:toast.resumed",
    values: { name: source.name },
  };
}
