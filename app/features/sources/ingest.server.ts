/**
 * The one ingestion pipeline every collector (feeds, Telegram, websites, webhook, import) and the demo seed
 * call: normalise → validate → de-duplicate → detect the language → score the sentiment → store each batch
 * with its project links in one transaction (the rollup triggers count the links). Each batch costs two
 * look-ups and two inserts, whatever its size.
 */
import { randomUUID } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { mentionsChanged } from "~/core/kept.server";
import { compileRules } from "~/core/matcher";
import { queryRows } from "~/core/sql.server";
import { tokenize } from "~/core/text";
import type { Database } from "~/db/client.server";
import { projects, sources } from "~/db/schema";
import { queueAlertChecks } from "~/features/alerts/detect.server";
import { mapInSlices } from "~/lib/slices";
import { chooseLanguage, type Language } from "./language.ts";
import { defaultClassifier } from "./llm-sentiment.server.ts";
import { canonicalUrl, contentHash, normalizeAuthor, normalizeLine, normalizeText } from "./normalize.ts";
import type { SentimentClassifier } from "./sentiment.ts";

/** One item as a collector found it; everything is cleaned and checked here. */
export interface IncomingItem {
  /** The source's own id (feed GUID, post id); without one the canonical URL or the content hash stands in. */
  externalId?: string | null;
  url?: string | null;
  title?: string | null;
  /** Plain text or HTML. */
  text?: string | null;
  author?: string | null;
  /** Missing means now. */
  publishedAt?: Date | string | number | null;
  /** When the collector knows it; otherwise it is detected. */
  language?: string | null;
  reach?: number | null;
  tags?: readonly string[] | null;
}

export type RejectReason = "no_text" | "bad_date" | "bad_url";

export interface IngestResult {
  /** Stored now. */
  new: number;
  /** Already stored from this source, or the same page or content from another source within 7 days. */
  duplicate: number;
  /** New messages linked to at least one project. */
  matched: number;
  rejected: Array<{ index: number; externalId: string | null; reason: RejectReason }>;
}

export interface IngestOptions {
  /** Items per transaction (at most 2 000: PostgreSQL takes 65 535 parameters per statement). */
  batchSize?: number;
  classifier?: SentimentClassifier;
  now?: Date;
}

const MAX_BATCH = 2_000;
export const DUPLICATE_WINDOW_MS = 7 * 86_400_000;
const MAX_EXTERNAL_ID = 500;
const MAX_TAG = 50;
const MAX_REACH = 2_147_483_647;
// Clocks disagree a little; a date further ahead than this, or before the web, is wrong.
const FUTURE_SLACK_MS = 86_400_000;
const EARLIEST = Date.UTC(1990, 0, 1);

interface Prepared {
  index: number;
  externalId: string;
  url: string | null;
  normalizedUrl: string | null;
  contentHash: string;
  title: string | null;
  text: string;
  author: string | null;
  publishedAt: Date;
  language: Language;
  reach: number;
  tags: string[];
}

function parseDate(value: IncomingItem["publishedAt"], now: Date): Date | null {
  if (value === null || value === undefined || value === "") return now;
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time) || time < EARLIEST || time > now.getTime() + FUTURE_SLACK_MS) return null;
  return date;
}

function prepare(
  item: IncomingItem,
  index: number,
  now: Date,
  sourceLanguage: string | null,
): Prepared | { index: number; externalId: string | null; reason: RejectReason } {
  const givenId = normalizeLine(item.externalId, MAX_EXTERNAL_ID) || null;
  const title = normalizeLine(item.title) || null;
  const text = normalizeText(item.text);
  if (!text && !title) return { index, externalId: givenId, reason: "no_text" };
  const publishedAt = parseDate(item.publishedAt, now);
  if (!publishedAt) return { index, externalId: givenId, reason: "bad_date" };
  const url = item.url?.trim() || null;
  const normalizedUrl = canonicalUrl(url);
  if (url && !normalizedUrl) return { index, externalId: givenId, reason: "bad_url" };
  const hash = contentHash(title, text || (title as string));
  return {
    index,
    externalId: givenId ?? normalizedUrl ?? `sha256:${hash}`,
    url: normalizedUrl ? url : null,
    normalizedUrl,
    contentHash: hash,
    title,
    // A post with only a title (some feeds) is stored with the title as its text.
    text: text || (title as string),
    author: normalizeAuthor(item.author) || null,
    publishedAt,
    language: chooseLanguage(item.language, `${title ?? ""}\n${text}`, sourceLanguage),
    reach: Math.min(MAX_REACH, Math.max(0, Math.round(Number(item.reach) || 0))),
    tags: [...new Set((item.tags ?? []).map((t) => normalizeLine(t, MAX_TAG)).filter(Boolean))],
  };
}

type Matchers = Array<{ projectId: string; match: ReturnType<typeof compileRules> }>;

async function loadMatchers(db: Database): Promise<Matchers> {
  const rows = await db.select().from(projects).where(eq(projects.status, "active"));
  return rows.map((p) => ({ projectId: p.id, match: compileRules(p) }));
}

// Batches travel as one JSON parameter each and are unpacked by PostgreSQL (jsonb_to_recordset): building a
// 1 000-row insert with the query builder cost more CPU than everything else in the pipeline together, and
// one parameter per batch also works the same way on both drivers.
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Items of this batch whose source already has their external id, or another source their page or content;
 * for the latter, the stored message they copy (its page lists the copies). Each item is looked up on its own
 * in an index (a subquery per item, which the planner keeps as it is), so the cost follows the batch and not
 * the table, whatever the statistics say: joined to the batch, a planner that still took a source or a
 * week for a few rows scanned all of them for every batch.
 */
async function findDuplicates(
  db: Database,
  sourceId: string,
  batch: Prepared[],
): Promise<{ duplicates: Set<Prepared>; copies: Array<{ messageId: string; item: Prepared }> }> {
  const known = await queryRows<{ known: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT FROM messages m WHERE m.source_id = ${sourceId} AND m.external_id = i.id) AS known
        FROM jsonb_array_elements_text(${json(batch.map((p) => p.externalId))}) WITH ORDINALITY AS i(id, n)
        ORDER BY i.n`,
  );
  const duplicates = new Set(batch.filter((_, n) => known[n]?.known));
  const rest = batch.filter((p) => !duplicates.has(p));
  if (rest.length === 0) return { duplicates, copies: [] };

  // "Within the week either side" as a distance, not a range: a range on published_at lets the planner walk
  // that index instead, which in a young table's statistics looked as good as the hash and read every week.
  const copyBy = (column: SQL, value: SQL) =>
    sql`(SELECT m.id FROM messages m WHERE ${column} = ${value} AND m.source_id <> ${sourceId}
        AND abs(extract(epoch FROM m.published_at - i.at)) <= ${DUPLICATE_WINDOW_MS / 1000} LIMIT 1)`;
  const found = await queryRows<{ copy: string | null }>(
    db,
    sql`SELECT coalesce(${copyBy(sql`m.content_hash`, sql`i.hash`)}, ${copyBy(sql`m.normalized_url`, sql`i.url`)})
          AS copy
        FROM jsonb_to_recordset(${json(
          rest.map((p, n) => ({ n, hash: p.contentHash, url: p.normalizedUrl, at: p.publishedAt })),
        )}) AS i(n integer, hash text, url text, at timestamptz)
        ORDER BY i.n`,
  );
  const copies: Array<{ messageId: string; item: Prepared }> = [];
  rest.forEach((item, n) => {
    const copy = found[n]?.copy;
    if (!copy) return;
    duplicates.add(item);
    copies.push({ messageId: copy, item });
  });
  return { duplicates, copies };
}

interface MessageRow {
  id: string;
  source_id: string;
  external_id: string;
  url: string | null;
  normalized_url: string | null;
  content_hash: string;
  title: string | null;
  text: string;
  author: string | null;
  published_at: Date;
  language: Language;
  sentiment: string | undefined;
  sentiment_score: number | undefined;
  reach: number;
  tags: string[];
}
interface LinkRow {
  message_id: string;
  project_id: string;
  matched_terms: string[];
  published_at: Date;
}

/**
 * The CPU half of a batch, in slices that let the event loop turn: drops what is already stored (noting
 * copies of other sources' messages), then classifies and matches what is new. Answers the rows to store.
 */
async function checkBatch(
  db: Database,
  sourceId: string,
  batch: Prepared[],
  matchers: Matchers,
  classifier: SentimentClassifier,
  result: IngestResult,
): Promise<{ messageRows: MessageRow[]; links: LinkRow[] } | null> {
  // The same external id twice in one delivery: the first one counts.
  const seen = new Set<string>();
  const unique = batch.filter((p) => !seen.has(p.externalId) && seen.add(p.externalId));
  result.duplicate += batch.length - unique.length;
  if (unique.length === 0) return null;

  const { duplicates, copies } = await findDuplicates(db, sourceId, unique);
  if (copies.length) {
    await db.execute(
      sql`INSERT INTO message_duplicates (message_id, source_id, url)
          SELECT r.message_id, ${sourceId}::uuid, r.url FROM jsonb_to_recordset(${json(
            copies.map((c) => ({ message_id: c.messageId, url: c.item.url })),
          )}) AS r(message_id uuid, url text)
          ON CONFLICT (message_id, source_id) DO NOTHING`,
    );
  }
  const fresh = unique.filter((p) => !duplicates.has(p));
  result.duplicate += duplicates.size;
  if (fresh.length === 0) return null;

  const sentiments = await classifier(
    fresh.map((p) => ({ text: `${p.title ?? ""}\n${p.text}`, language: p.language })),
  );
  const messageRows: MessageRow[] = fresh.map((p, i) => ({
    id: randomUUID(),
    source_id: sourceId,
    external_id: p.externalId,
    url: p.url,
    normalized_url: p.normalizedUrl,
    content_hash: p.contentHash,
    title: p.title,
    text: p.text,
    author: p.author,
    published_at: p.publishedAt,
    language: p.language,
    sentiment: sentiments[i]?.sentiment,
    sentiment_score: sentiments[i]?.score,
    reach: p.reach,
    tags: p.tags,
  }));
  const linksOf = await mapInSlices(messageRows, (m, i) => {
    const tokens = tokenize(fresh[i] as Prepared);
    return matchers.flatMap(({ projectId, match }) => {
      const found = match(tokens);
      return found
        ? [{ message_id: m.id, project_id: projectId, matched_terms: found.terms, published_at: m.published_at }]
        : [];
    });
  });
  return { messageRows, links: linksOf.flat() };
}

/** The database half of a batch: its messages and their links in one transaction (the triggers count them). */
async function storeBatch(
  db: Database,
  { messageRows, links }: { messageRows: MessageRow[]; links: LinkRow[] },
  result: IngestResult,
  gained: Set<string>,
) {
  await db.transaction(async (tx) => {
    // A concurrent delivery of the same item loses quietly here and counts as a duplicate.
    const stored = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO messages (id, source_id, external_id, url, normalized_url, content_hash, title, text, author,
            published_at, language, sentiment, sentiment_score, reach, tags)
          SELECT * FROM jsonb_to_recordset(${json(messageRows)}) AS r(id uuid, source_id uuid, external_id text,
            url text, normalized_url text, content_hash text, title text, text text, author text,
            published_at timestamptz, language text, sentiment sentiment, sentiment_score real, reach integer,
            tags text[])
          ON CONFLICT (source_id, external_id) DO NOTHING
          RETURNING id`,
    );
    const storedIds = new Set(stored.map((m) => m.id));
    const storedLinks = links.filter((l) => storedIds.has(l.message_id));
    for (const link of storedLinks) gained.add(link.project_id);
    if (storedLinks.length) {
      await tx.execute(
        sql`INSERT INTO message_projects (message_id, project_id, matched_terms, published_at)
            SELECT * FROM jsonb_to_recordset(${json(storedLinks)})
              AS l(message_id uuid, project_id uuid, matched_terms text[], published_at timestamptz)`,
      );
    }
    result.new += stored.length;
    result.duplicate += messageRows.length - stored.length;
    result.matched += new Set(storedLinks.map((l) => l.message_id)).size;
  });
}

/**
 * Runs `items` from one source through the pipeline, `batchSize` at a time; returns what became of them.
 * A batch is cleaned, checked, classified and matched while the one before it is being stored, so on
 * PostgreSQL the app's CPU and the database's work overlap. An item repeated across two such batches is
 * then not found by the look-up but by the insert (`ON CONFLICT`), and counts as a duplicate all the same.
 */
export async function ingest(
  services: Services,
  sourceId: string,
  items: readonly IncomingItem[],
  options: IngestOptions = {},
) {
  const { db } = services;
  const { classifier = defaultClassifier(services), now = new Date() } = options;
  const batchSize = Math.min(MAX_BATCH, Math.max(1, options.batchSize ?? 500));
  const [source] = await db.select({ language: sources.language }).from(sources).where(eq(sources.id, sourceId));
  if (!source) throw new Error(`Unknown source ${sourceId}`);
  const matchers = await loadMatchers(db);
  const result: IngestResult = { new: 0, duplicate: 0, matched: 0, rejected: [] };
  /** Projects that gained mentions: their alert detection runs next. */
  const gained = new Set<string>();

  let storing: Promise<void> | undefined;
  try {
    for (let start = 0; start < items.length; start += batchSize) {
      const prepared = await mapInSlices(items.slice(start, start + batchSize), (item, offset) =>
        prepare(item, start + offset, now, source.language),
      );
      const batch: Prepared[] = [];
      for (const p of prepared) {
        if ("reason" in p) result.rejected.push(p);
        else batch.push(p);
      }
      const rows = await checkBatch(db, sourceId, batch, matchers, classifier, result);
      await storing;
      if (!rows) continue;
      storing = storeBatch(db, rows, result, gained);
      // Awaited with the next batch; until then a failure must not count as unhandled.
      storing.catch(() => {});
    }
    await storing;
  } finally {
    // Whatever stopped the loop, the batch being stored has finished before the caller hears of it.
    await storing?.catch(() => {});
    mentionsChanged();
  }
  // The stored mentions stand even if queueing fails: the schedule's backstop detects them later.
  await queueAlertChecks(services, gained).catch(() => {});
  return result;
}
