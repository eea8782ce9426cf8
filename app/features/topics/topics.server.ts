// Topics of a period on analytics and in reports (issue 30, ADR 047): the topics extract.ts finds, each
// counted with the messages feed's own total for the link it opens, so the number a reader sees is the number
// the feed shows after the click (exact, or the feed's labelled estimate). The topics and their counts are
// kept a minute per question and dropped when mentions change, as authors are.
import type { Services } from "~/core/context.server";
import { SENTIMENTS, type Sentiment, type SentimentCounts } from "~/core/count.server";
import { keptWhileMentionsUnchanged } from "~/core/kept.server";
import type { Range } from "~/core/period";
import type { Viewer } from "~/core/reader";
import { feedParams } from "~/features/analytics/filters";
import { type AnalyticsScope, scopeDays } from "~/features/analytics/queries.server";
import { feedOf } from "~/features/mentions/feed.server";
import { feedTotal, searchTotals } from "~/features/mentions/feed-total.server";
import type { Background, Topic } from "./extract";
import { findTopics } from "./find.server";
import { SUBJECTS, subjectLabel, subjectOf, subjectSearch } from "./glossary";

export interface TopicRow {
  /** Its most telling phrase, as most often written. */
  label: string;
  /** Its phrases as written, the label first. */
  phrases: string[];
  /** The feed's search words for it. */
  search: string;
  /** The messages feed's URL parameters for it: its search within the page's projects, days and filters. */
  query: string;
  /** The feed's total for `query` (`estimated` when the feed estimates it). */
  count: number;
  estimated: boolean;
  /** The feed's total for the same search in the previous period. */
  previous: number;
  /** Its mentions' sentiment, as shares (0…1) of those the topic was found in. */
  mix: SentimentCounts;
  /** A few of its mentions' ids, newest first. */
  examples: string[];
  /** Nothing stood out, against the previous period or the workspace: the period's most frequent phrases. */
  frequent: boolean;
}

export const TOPICS_SHOWN = 8;

const kept = keptWhileMentionsUnchanged(60_000, 200);

export interface TopicOptions {
  limit?: number;
  /** What the topics stand out against (extract.ts): by default the previous period and the rest of the
   * workspace, "what is new here"; `["workspace"]` for "what is talked about here". */
  against?: readonly Background[];
  /** The projects the links name; the scope's by default. A caller whose reader has no switcher (the assistant)
   * names every project it counted, so the link opens those and not the switcher's project. */
  linkProjects?: readonly string[];
  /** The reader's language: a subject of the glossary is labelled in it. */
  language?: string;
  now?: Date;
}

/** The scope's topics against `previous`, most mentions first, each counted by the feed it links to. */
export function periodTopics(
  services: Services,
  reader: Viewer,
  scope: AnalyticsScope,
  previous: Range,
  { limit = TOPICS_SHOWN, against, linkProjects, language = "en", now = new Date() }: TopicOptions = {},
): Promise<TopicRow[]> {
  if (scope.scope !== "all" && scope.scope.length === 0) return Promise.resolve([]);
  return kept(["topics", scope, previous.start, previous.end, limit, against, linkProjects, language], () =>
    countedTopics(services, reader, scope, previous, { limit, against, linkProjects, language, now }),
  );
}

async function countedTopics(
  services: Services,
  reader: Viewer,
  scope: AnalyticsScope,
  previous: Range,
  { limit = TOPICS_SHOWN, against, linkProjects, language = "en", now }: TopicOptions,
): Promise<TopicRow[]> {
  const found = await findTopics(services, {
    scope: scope.scope,
    period: scope,
    previous,
    sentiments: scope.sentiments as Sentiment[] | undefined,
    sourceTypes: scope.sourceTypes,
    languages: scope.languages,
    against,
    // Topics of one subject become one row: a few more, so that `limit` rows remain.
    limit: limit + SUBJECTS.length,
  });
  const subjects = bySubject(found.topics, language).slice(0, limit);
  const frequent = found.topics.length > 0 && found.compared.length === 0;
  const filters = { type: scope.sourceTypes ?? [], language: scope.languages ?? [], sentiment: scope.sentiments ?? [] };
  const projects = linkProjects ?? (scope.scope === "all" ? [] : scope.scope);
  const link = (range: Range, q: string) =>
    feedParams(filters, { projects, ...scopeDays({ ...scope, ...range }) }, { q });
  // The feeds as the reader opens them from this page: the same projects (or, for none, the same default).
  const queries = subjects.map((topic) => link(scope, topic.search));
  const totals = (range: Range) =>
    searchTotals(
      services,
      subjects.map((topic) => feedOf(reader, link(range, topic.search), now)),
    );
  const [counted, before] = await Promise.all([totals(scope), totals(previous)]);
  const rows = subjects.map((topic, i): TopicRow => {
    const read = topic.sentiment.positive + topic.sentiment.neutral + topic.sentiment.negative;
    const share = (n: number) => (read ? n / read : 0);
    return {
      label: topic.label,
      phrases: topic.phrases,
      search: topic.search,
      query: (queries[i] as URLSearchParams).toString(),
      count: counted[i]?.count ?? 0,
      estimated: counted[i]?.estimated ?? false,
      previous: before[i]?.count ?? 0,
      mix: {
        positive: share(topic.sentiment.positive),
        neutral: share(topic.sentiment.neutral),
        negative: share(topic.sentiment.negative),
      },
      examples: topic.examples,
      frequent,
    };
  });
  // A list of numbers reads in their order: most mentions first (a stable sort keeps the stronger of a tie first).
  return rows.filter((row) => row.count > 0).sort((a, b) => b.count - a.count);
}

/**
 * One row per subject (glossary.ts): topics about one subject of the glossary, in any language or script,
 * become one, labelled with the subject's base form in `language` and searched with its forms joined by OR;
 * the others stay as found. Order: each row where its first topic was.
 */
export function bySubject(
  topics: readonly Topic[],
  language: string,
): Array<Pick<Topic, "label" | "phrases" | "search" | "sentiment" | "examples">> {
  const rows: Array<Pick<Topic, "label" | "phrases" | "search" | "sentiment" | "examples">> = [];
  const merged = new Map<string, (typeof rows)[number]>();
  for (const topic of topics) {
    const subject = [topic.label, ...topic.phrases].map((phrase) => subjectOf(phrase)).find(Boolean);
    if (!subject) {
      rows.push(topic);
      continue;
    }
    const row = merged.get(subject.id);
    if (!row) {
      const label = subjectLabel(subject, language);
      const first = {
        label,
        phrases: [label, ...topic.phrases.filter((p) => p !== label)],
        search: subjectSearch(subject),
        sentiment: { ...topic.sentiment },
        examples: [...topic.examples],
      };
      merged.set(subject.id, first);
      rows.push(first);
      continue;
    }
    for (const phrase of topic.phrases) if (!row.phrases.includes(phrase)) row.phrases.push(phrase);
    for (const s of SENTIMENTS) row.sentiment[s] += topic.sentiment[s];
    for (const id of topic.examples) if (!row.examples.includes(id)) row.examples.push(id);
  }
  return rows;
}

/**
 * A topic's mentions by sentiment for a document that states counts (reports): each the feed's total for the
 * topic's link narrowed to that sentiment, so the split adds up to what the feed shows (0 for a sentiment
 * the link's own filter leaves out).
 */
export async function topicSentiment(
  services: Services,
  reader: Viewer,
  topic: TopicRow,
  now = new Date(),
): Promise<{ counts: SentimentCounts; estimated: boolean }> {
  const chosen = new URLSearchParams(topic.query).getAll("sentiment");
  const totals = await Promise.all(
    SENTIMENTS.map((sentiment) => {
      if (chosen.length && !chosen.includes(sentiment)) return { count: 0, estimated: false };
      const params = new URLSearchParams(topic.query);
      params.set("sentiment", sentiment);
      return feedTotal(services, feedOf(reader, params, now));
    }),
  );
  const counts = Object.fromEntries(SENTIMENTS.map((sentiment, i) => [sentiment, totals[i]?.count ?? 0]));
  return { counts: counts as SentimentCounts, estimated: totals.some((t) => t.estimated) };
}
