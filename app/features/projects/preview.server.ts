// The query preview (issue 30, ADR 046): what a project's rules would match among the mentions of the last 30
// days, before they are saved. The search index narrows the mentions to candidates (folded prefixes of the
// terms' stems, as the feed's search reads words: ADR 024); the matcher itself decides, so the count, the
// languages and the marked words are the ones the project would get.
import { type SQL, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { compileRules, compileTerm, type MatchSpan } from "~/core/matcher";
import { resolvePeriod } from "~/core/period";
import type { Reader } from "~/core/reader";
import { countableMentions, visibleMentions, visibleScope } from "~/core/scope.server";
import { instant, queryRows, textArray } from "~/core/sql.server";
import { stripEndings, tokenize } from "~/core/text";
import type { Translations } from "~/db/schema";
import { giveWay } from "~/lib/slices";
import { inLanguage } from "~/lib/translations";
import { type PreviewExample, type RulesPreview, segmentsOf, snippetOf } from "./preview.ts";
import type { RulesInput } from "./schemas.ts";

const EXAMPLES = 10;
/** Candidates fetched at a time, newest first. */
const BATCH = 500;
/** At most this many candidates are matched; beyond them the count is estimated. */
const MAX_CHECKED = 5_000;
/** No further batch is fetched after this long; the count is estimated from what was checked. */
const BUDGET_MS = 400;
/** Matching gives the event loop back this often. */
const SLICE_MS = 20;

/**
 * The prefix the index is asked for, for a term's last word: its stem without inflectional endings, or for a
 * word ending in -a/-ya the part the matcher's feminine endings replace (Nura → Nuri), whichever is shorter.
 */
function stemPrefix(word: string): string {
  const stem = stripEndings(word);
  const base = /y?a$/.exec(word) ? word.replace(/y?a$/, "") : word;
  return base.length >= 2 && base.length < stem.length ? base : stem;
}

/**
 * A tsquery (for `to_tsquery('simple', …)`) whose matches include every message a term matches: each of its
 * folded words as a prefix (the index keeps `nurbank.uz` as one word, where the matcher reads two), the last
 * one stemmed unless the term is quoted.
 */
function termQuery(raw: string): string | null {
  const term = compileTerm(raw);
  if (!term) return null;
  const last = term.words.length - 1;
  const words = term.words.map((word, i) => (i === last && !term.exact ? stemPrefix(word) : word));
  return words.map((word) => `'${word.replace(/['\\]/g, "")}':*`).join(" & ");
}

/** Any keyword, and every required word; excluded words are left to the matcher (a prefix would drop more). */
export function candidateQuery(rules: Pick<RulesInput, "keywords" | "requiredWords">): string | null {
  const any = rules.keywords.map(termQuery).filter((q) => q !== null);
  if (any.length === 0) return null;
  const all = rules.requiredWords.map(termQuery).filter((q) => q !== null);
  return [`(${any.join(" | ")})`, ...all.map((q) => `(${q})`)].join(" & ");
}

interface Candidate {
  id: string;
  title: string | null;
  text: string;
  language: string | null;
  publishedAt: string;
  source: string;
  sourceTranslations: Translations;
  visible: boolean;
}

function exampleOf(candidate: Candidate, spans: MatchSpan[], language: string): PreviewExample {
  const of = (field: MatchSpan["field"]) => spans.filter((s) => s.field === field);
  return {
    id: candidate.id,
    publishedAt: new Date(candidate.publishedAt).toISOString(),
    language: candidate.language ?? "other",
    source: inLanguage({ name: candidate.source, translations: candidate.sourceTranslations }, "name", language),
    title: candidate.title ? segmentsOf(candidate.title, of("title")) : null,
    text: snippetOf(candidate.text, of("text")),
  };
}

/**
 * What the rules would match among the mentions published in the last 30 days of the reader's zone (any
 * source, archived ones left out, as everywhere). The count covers the mentions the reader may count: for an
 * admin all, for anyone else those of their projects and of no project; examples come only from mentions the
 * reader may open (ADR 046). Candidates are matched newest
 * first, up to 5 000 or for 0.4 s; when some are left, the matches of the checked stretch (since the
 * oldest one checked) are scaled to the 30 days by the number of mentions in each, and said to be an estimate.
 */
export async function previewRules(
  { db }: Services,
  reader: Reader,
  rules: RulesInput,
  {
    now = new Date(),
    signal,
    maxChecked = MAX_CHECKED,
    budgetMs = BUDGET_MS,
  }: { now?: Date; signal?: AbortSignal; maxChecked?: number; budgetMs?: number } = {},
): Promise<RulesPreview> {
  const began = performance.now();
  const period = resolvePeriod("30", reader.timeZone, {}, { now });
  const preview: RulesPreview = {
    from: period.from,
    to: period.to,
    count: 0,
    languages: [],
    estimated: false,
    checked: 0,
    since: period.start.toISOString(),
    examples: [],
    hiddenExamples: false,
    scoped: visibleScope(reader) !== "all",
  };
  const query = candidateQuery(rules);
  if (!query) return preview;
  const conditions: SQL[] = [
    sql`m.published_at >= ${instant(period.start)}`,
    sql`m.published_at < ${instant(period.end)}`,
    sql`NOT m.is_archived`,
    sql`m.search @@ to_tsquery('simple', ${query})`,
    countableMentions(reader, sql`m.id`),
  ];
  if (rules.languages.length) conditions.push(sql`m.language = ANY(${textArray(rules.languages)})`);
  const where = sql.join(conditions, sql` AND `);

  const match = compileRules(rules);
  const matched = new Map<string, number>();
  let exhausted = false;
  let oldest: string | null = null;
  let after: SQL = sql`true`;
  let sliceStart = performance.now();
  while (
    !exhausted &&
    preview.checked < maxChecked &&
    (preview.checked === 0 || performance.now() - began < budgetMs)
  ) {
    // A newer preview was asked for (the form's fetcher cancelled this one): stop.
    signal?.throwIfAborted();
    const asked = Math.min(BATCH, maxChecked - preview.checked);
    const batch = await queryRows<Candidate & { key: string }>(
      db,
      sql`SELECT m.id, m.title, m.text, m.language, m.published_at AS "publishedAt", s.name AS source,
          s.translations AS "sourceTranslations", ${visibleMentions(reader, sql`m.id`)} AS visible,
          m.published_at::text AS key
        FROM messages m JOIN sources s ON s.id = m.source_id
        WHERE ${where} AND ${after}
        ORDER BY m.published_at DESC, m.id DESC LIMIT ${asked}`,
    );
    for (const candidate of batch) {
      preview.checked++;
      const found = match(tokenize(candidate));
      if (found) {
        const language = candidate.language ?? "other";
        matched.set(language, (matched.get(language) ?? 0) + 1);
        if (preview.examples.length < EXAMPLES) {
          if (candidate.visible) preview.examples.push(exampleOf(candidate, found.spans, reader.language));
          else preview.hiddenExamples = true;
        }
      }
      if (performance.now() - sliceStart > SLICE_MS) {
        await giveWay();
        sliceStart = performance.now();
      }
    }
    const last = batch.at(-1);
    exhausted = batch.length < asked;
    if (last) {
      oldest = last.key;
      after = sql`(m.published_at, m.id) < (${last.key}::timestamptz, ${last.id}::uuid)`;
    }
  }
  let scale = 1;
  if (!exhausted && oldest) {
    // Mentions in the 30 days and in the stretch checked (index only: no text is read).
    const [volume] = await queryRows<{ all: number; checked: number }>(
      db,
      sql`SELECT count(*)::int AS all, count(*) FILTER (WHERE m.published_at >= ${oldest}::timestamptz)::int AS checked
        FROM messages m WHERE m.published_at >= ${instant(period.start)} AND m.published_at < ${instant(period.end)}`,
    );
    preview.since = new Date(oldest).toISOString();
    preview.estimated = true;
    scale = Number(volume?.all ?? 0) / Math.max(1, Number(volume?.checked ?? 0));
  }
  preview.languages = [...matched]
    .map(([language, count]) => ({ language, count: Math.round(count * scale) }))
    .sort((a, b) => b.count - a.count);
  preview.count = preview.languages.reduce((sum, l) => sum + l.count, 0);
  return preview;
}
