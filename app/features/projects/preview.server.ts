// The query preview (issue 30, ADR 046): what a project's rules would match among the mentions of the last 30
// days, before they are saved. The search index narrows the mentions to candidates (folded prefixes of the
// terms' stems, as the feed's search reads words: ADR 024); the matcher itself decides, so the count, the
// languages and the marked words are the ones the project would get.
import { type SQL, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { compileRules, compileTerm, type MatchSpan } from "~/core/matcher";
import { resolvePeriod } from "~/core/period";
import type { Reader } from "~/core/reader";
import { visibleMentions } from "~/core/scope.server";
import { instant, queryRows, textArray } from "~/core/sql.server";
import { stripEndings, tokenize } from "~/core/text";
import type { Translations } from "~/db/schema";
import { inLanguage } from "~/lib/translations";
import { type PreviewExample, type RulesPreview, segmentsOf, snippetOf } from "./preview";
import type { RulesInput } from "./schemas";

const EXAMPLES = 10;
/** Candidates fetched at a time, newest first. */
const BATCH = 500;
/** At most this many candidates are matched; beyond them the count is estimated. */
const MAX_CHECKED = 5_000;
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

const giveWay = () => new Promise((resolve) => setImmediate(resolve));

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
 * source, archived ones left out, as everywhere). The count covers every such mention, as the project will
 * once saved; examples come only from mentions the reader may open (ADR 046). Up to 5 000 candidates are
 * matched, newest first; beyond them each language's count is estimated from the share of its candidates
 * that matched, and said to be an estimate.
 */
export async function previewRules(
  { db }: Services,
  reader: Reader,
  rules: RulesInput,
  {
    now = new Date(),
    signal,
    maxChecked = MAX_CHECKED,
  }: { now?: Date; signal?: AbortSignal; maxChecked?: number } = {},
): Promise<RulesPreview> {
  const period = resolvePeriod("30", reader.timeZone, {}, { now });
  const empty: RulesPreview = {
    from: period.from,
    to: period.to,
    count: 0,
    languages: [],
    estimated: false,
    checked: 0,
    candidates: 0,
    examples: [],
    hiddenExamples: false,
  };
  const query = candidateQuery(rules);
  if (!query) return empty;
  const conditions: SQL[] = [
    sql`m.published_at >= ${instant(period.start)}`,
    sql`m.published_at < ${instant(period.end)}`,
    sql`NOT m.is_archived`,
    sql`m.search @@ to_tsquery('simple', ${query})`,
  ];
  if (rules.languages.length) conditions.push(sql`m.language = ANY(${textArray(rules.languages)})`);
  const where = sql.join(conditions, sql` AND `);

  const match = compileRules(rules);
  const matched = new Map<string, number>();
  const checkedIn = new Map<string, number>();
  const examples: PreviewExample[] = [];
  let hiddenExamples = false;
  let checked = 0;
  let exhausted = false;
  let after: SQL = sql`true`;
  let sliceStart = performance.now();
  while (!exhausted && checked < maxChecked) {
    // A newer preview was asked for (the form's fetcher cancelled this one): stop matching.
    signal?.throwIfAborted();
    const asked = Math.min(BATCH, maxChecked - checked);
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
      const language = candidate.language ?? "other";
      checked++;
      checkedIn.set(language, (checkedIn.get(language) ?? 0) + 1);
      const found = match(tokenize(candidate));
      if (found) {
        matched.set(language, (matched.get(language) ?? 0) + 1);
        if (examples.length < EXAMPLES) {
          if (candidate.visible) examples.push(exampleOf(candidate, found.spans, reader.language));
          else hiddenExamples = true;
        }
      }
      if (performance.now() - sliceStart > SLICE_MS) {
        await giveWay();
        sliceStart = performance.now();
      }
    }
    const last = batch.at(-1);
    exhausted = batch.length < asked;
    if (last) after = sql`(m.published_at, m.id) < (${last.key}::timestamptz, ${last.id}::uuid)`;
  }
  if (exhausted) {
    const languages = [...matched].map(([language, count]) => ({ language, count }));
    return finish({ ...empty, checked, candidates: checked, examples, hiddenExamples }, languages, false);
  }
  // Too many to check: each language's candidates, counted, times the share of its checked ones that matched.
  const totals = await queryRows<{ language: string; n: number }>(
    db,
    sql`SELECT coalesce(m.language, 'other') AS language, count(*)::int AS n FROM messages m WHERE ${where}
      GROUP BY 1`,
  );
  const overall = [...matched.values()].reduce((sum, n) => sum + n, 0) / checked;
  const share = (language: string) => {
    const tried = checkedIn.get(language);
    return tried ? (matched.get(language) ?? 0) / tried : overall;
  };
  const languages = totals.map(({ language, n }) => ({ language, count: Math.round(Number(n) * share(language)) }));
  const candidates = totals.reduce((sum, { n }) => sum + Number(n), 0);
  return finish({ ...empty, checked, candidates, examples, hiddenExamples }, languages, candidates > checked);
}

function finish(preview: RulesPreview, languages: RulesPreview["languages"], estimated: boolean): RulesPreview {
  const counted = languages.filter((l) => l.count > 0).sort((a, b) => b.count - a.count);
  return { ...preview, languages: counted, count: counted.reduce((sum, l) => sum + l.count, 0), estimated };
}
