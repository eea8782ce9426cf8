// Sources: the table, adding and editing, pausing, fetching on request, deleting, and one source's page.
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { data } from "react-router";
import { clampPage, type TableState } from "~/ui/data-table/spec";
import { can } from "../../core/permissions";
import type { CurrentUser } from "../../core/reader";
import { getDb } from "../../db/client.server";
import { fetchAttempts, messageProjects, messages, sources } from "../../db/schema";
import type { FormResult } from "../../lib/forms";
import { parseForm } from "../../lib/forms.server";
import { inLanguage } from "../../lib/translations";
import { mentionsChanged } from "../mentions/mentions.server";
import { requestFetch } from "./collect.server";
import { checkSourceUrl } from "./collectors/http.server";
import { parseTelegramHandle } from "./collectors/telegram.server";
import type { sourcesTable } from "./list";
import {
  isPolled,
  SOURCE_ADDRESS,
  type SourceInput,
  type SourceStatus,
  type SourceType,
  sourceSchema,
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
  /** Messages collected from it in the last 7 days. */
  newItems7d: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** LIKE treats % and _ as wildcards; a search for them means the characters. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, "\\$&")}%`;

function requireManage(user: CurrentUser) {
  if (!can(user, "sources.manage")) throw data(null, { status: 403 });
}

/**
 * One page of sources, searched (name, URL or handle), filtered and sorted as the URL says, with the
 * total and, for each filter, the count per value under the search and the other filter.
 */
export async function listSourcesTable(
  requested: SourcesTableState,
  language: string,
): Promise<{
  state: SourcesTableState;
  total: number;
  rows: SourceRow[];
  typeCounts: Partial<Record<string, number>>;
  statusCounts: Partial<Record<string, number>>;
}> {
  const db = getDb();
  const { q, filters } = requested;
  const search = q ? or(ilike(sources.name, likePattern(q)), ilike(sources.url, likePattern(q))) : undefined;
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
  const total = groups.filter((g) => typeOk(g.type) && statusOk(g.status)).reduce((sum, g) => sum + g.count, 0);
  const state = clampPage(requested, total);

  const recent = db
    .select({ sourceId: messages.sourceId, count: sql<number>`count(*)::int`.as("count") })
    .from(messages)
    .where(sql`${messages.collectedAt} >= now() - interval '7 days'`)
    .groupBy(messages.sourceId)
    .as("recent");
  const newItems7d = sql<number>`coalesce(${recent.count}, 0)`;
  const byName = sql`lower(${sources.name})`;
  const sortKey = {
    name: byName,
    type: sources.type,
    status: sources.status,
    lastFetch: sources.lastFetchedAt,
    newItems7d,
    failures: sources.failureCount,
  }[state.sort.id];
  const order = state.sort.desc ? sql`${sortKey} DESC NULLS LAST` : sql`${sortKey} ASC NULLS LAST`;

  const rows = await db
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
    // Name, then id, break ties, so a row never shows up on two pages.
    .orderBy(order, asc(byName), asc(sources.id))
    .limit(state.pageSize)
    .offset((state.page - 1) * state.pageSize);

  return {
    state,
    total,
    rows: rows.map(({ translations, ...row }) => ({
      ...row,
      name: inLanguage({ name: row.name, translations }, "name", language),
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

/** A source by id; an unknown or malformed id is 404. */
export async function getSource(id: string): Promise<Source> {
  const [source] = UUID.test(id) ? await getDb().select().from(sources).where(eq(sources.id, id)) : [];
  if (!source) throw data(null, { status: 404 });
  return source;
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

/** Where the collector reads from, as stored (the URL, or the handle in its canonical form); or the field's error. */
async function storedAddress(input: SourceInput): Promise<{ url: string | null } | { field: string; error: string }> {
  const address = SOURCE_ADDRESS[input.type];
  if (address === "url") {
    const url = input.url as string;
    const problem = await checkSourceUrl(url);
    return problem ? { field: "url", error: URL_ERRORS[problem] } : { url };
  }
  if (address === "handle") {
    const handle = parseTelegramHandle(input.handle as string);
    return handle ? { url: handle } : { field: "handle", error: "sources:errors.handleInvalid" };
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

export type SubmitOutcome =
  | { ok: false; result: FormResult; status: number }
  | { ok: true; source: Source /** A new webhook source's secret, to show once. */; secret?: string };

/**
 * Create (no id) or edit a source from its form: zod, then the address (a public http(s) URL, or a
 * Telegram handle), then the unique type + address. An edit keeps the stored type; a changed address
 * starts the collector afresh (no validators, no state, no failures).
 */
export async function submitSourceForm(user: CurrentUser, form: FormData, id?: string): Promise<SubmitOutcome> {
  requireManage(user);
  const existing = id ? await getSource(id) : undefined;
  if (existing) form.set("type", existing.type);
  const submission = parseForm(form, sourceSchema);
  if (!submission.success) return { ok: false, result: submission.result, status: 400 };
  const input = submission.data;
  const address = await storedAddress(input);
  if ("error" in address) {
    return {
      ok: false,
      result: { values: submission.values, fieldErrors: { [address.field]: address.error } },
      status: 400,
    };
  }
  const polled = isPolled(input.type);
  const values = {
    name: input.name,
    url: address.url,
    language: input.language,
    pollIntervalMinutes: polled ? input.pollIntervalMinutes : existing?.pollIntervalMinutes,
  };
  const db = getDb();
  try {
    if (existing) {
      const moved = existing.url !== address.url;
      const [source] = await db
        .update(sources)
        .set({
          ...values,
          ...(moved ? { etag: null, lastModified: null, collectorState: {}, failureCount: 0, lastError: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(sources.id, existing.id))
        .returning();
      return { ok: true, source: source as Source };
    }
    const secret = input.type === "webhook" ? generateWebhookSecret() : undefined;
    const [source] = await db
      .insert(sources)
      .values({
        ...values,
        type: input.type,
        webhookSecretHash: secret ? hashWebhookSecret(secret) : null,
        createdBy: UUID.test(user.id) ? user.id : null,
      })
      .returning();
    return { ok: true, source: source as Source, secret };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const field = SOURCE_ADDRESS[input.type] === "handle" ? "handle" : "url";
    return {
      ok: false,
      result: { values: submission.values, fieldErrors: { [field]: "sources:errors.duplicate" } },
      status: 409,
    };
  }
}

/** Pauses or resumes a source; a resumed source is due at once, with its failures forgotten. */
export async function setSourceStatus(user: CurrentUser, id: string, status: "active" | "paused") {
  requireManage(user);
  const source = await getSource(id);
  await getDb()
    .update(sources)
    .set(
      status === "active"
        ? { status, failureCount: 0, nextFetchAt: sql`now()`, updatedAt: sql`now()` }
        : { status, updatedAt: sql`now()` },
    )
    .where(eq(sources.id, source.id));
  return source;
}

export class NotFetchableError extends Error {}

/** "Fetch now": queues a fetch of a source a collector reads (paused or not). */
export async function fetchSourceNow(user: CurrentUser, id: string) {
  requireManage(user);
  const source = await getSource(id);
  if (!(await requestFetch(source.id))) throw new NotFetchableError(source.id);
  return source;
}

/** A new webhook secret for a webhook source, replacing the old one at once; returned to show once. */
export async function rotateWebhookSecret(user: CurrentUser, id: string): Promise<string> {
  requireManage(user);
  const source = await getSource(id);
  if (source.type !== "webhook") throw data(null, { status: 400 });
  const secret = generateWebhookSecret();
  await getDb()
    .update(sources)
    .set({ webhookSecretHash: hashWebhookSecret(secret), updatedAt: sql`now()` })
    .where(eq(sources.id, source.id));
  return secret;
}

/** How many mentions (messages) were collected from the source: they are deleted with it. */
export async function mentionCount(sourceId: string): Promise<number> {
  const [row] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(eq(messages.sourceId, sourceId));
  return Number(row?.count ?? 0);
}

/** Deletes the source with its messages (and their project links; the rollups follow). */
export async function deleteSource(user: CurrentUser, id: string) {
  requireManage(user);
  await getDb().delete(sources).where(eq(sources.id, id));
  mentionsChanged();
}

/** The last 50 fetches of a source, newest first. */
export function fetchHistory(sourceId: string) {
  return getDb()
    .select({
      id: fetchAttempts.id,
      startedAt: fetchAttempts.startedAt,
      durationMs: fetchAttempts.durationMs,
      httpStatus: fetchAttempts.httpStatus,
      result: fetchAttempts.result,
      newItems: fetchAttempts.newItems,
      duplicateItems: fetchAttempts.duplicateItems,
      error: fetchAttempts.error,
    })
    .from(fetchAttempts)
    .where(eq(fetchAttempts.sourceId, sourceId))
    .orderBy(desc(fetchAttempts.startedAt))
    .limit(50);
}

/**
 * The source's newest mentions the user may see: admins all of them, everyone else those linked to
 * one of their projects.
 */
export async function sourceMentions(user: CurrentUser, source: Source, language: string, limit = 10) {
  const db = getDb();
  const columns = {
    id: messages.id,
    title: messages.title,
    text: messages.text,
    url: messages.url,
    author: messages.author,
    publishedAt: messages.publishedAt,
    sentiment: messages.sentiment,
  };
  let visible: SQL | undefined;
  if (!user.roles.includes("admin")) {
    const projectIds = user.projectIds.filter((pid) => UUID.test(pid));
    if (projectIds.length === 0) return [];
    visible = sql`exists (select 1 from ${messageProjects} where ${messageProjects.messageId} = ${messages.id} and ${inArray(messageProjects.projectId, projectIds)})`;
  }
  const rows = await db
    .select(columns)
    .from(messages)
    .where(and(eq(messages.sourceId, source.id), visible))
    .orderBy(desc(messages.publishedAt), asc(messages.id))
    .limit(limit);
  const name = sourceName(source, language);
  return rows.map((m) => ({ ...m, source: name, sourceType: source.type }));
}

/**
 * The row actions the table and the source's page share — pause, resume, fetch now — as the toast that
 * reports them.
 */
export async function runSourceAction(user: CurrentUser, intent: unknown, id: string) {
  if (intent === "pause" || intent === "resume") {
    const source = await setSourceStatus(user, id, intent === "pause" ? "paused" : "active");
    return {
      type: "success" as const,
      key: intent === "pause" ? "sources:toast.paused" : "sources:toast.resumed",
      values: { name: source.name },
    };
  }
  if (intent === "fetch") {
    try {
      const source = await fetchSourceNow(user, id);
      return { type: "info" as const, key: "sources:toast.fetchQueued", values: { name: source.name } };
    } catch (error) {
      if (!(error instanceof NotFetchableError)) throw error;
      return { type: "error" as const, key: "sources:toast.notFetchable" };
    }
  }
  return { type: "error" as const, key: "forms:errors.invalid" };
}
