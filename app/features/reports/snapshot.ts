import type { ReportSection } from "~/db/report-model";

/** In the order analytics lists them (the donut's slices, a table's rows). */
export const SENTIMENT_ORDER = ["positive", "neutral", "negative"] as const;
export type Sentiment = (typeof SENTIMENT_ORDER)[number];
export type SentimentSplit = Record<Sentiment, number>;

/** A figure of the period and of the same number of days before it. */
export interface Kpi {
  value: number;
  previous: number;
}

/** One of the report's top mentions, as it was when the report was generated. */
export interface SnapshotMention {
  id: string;
  title: string | null;
  text: string;
  url: string | null;
  author: string | null;
  source: string;
  publishedAt: string;
  sentiment: Sentiment;
  reach: number;
}

/**
 * A row of a ranking (a source, an author, a topic). `previous` and `sentiment` are null in a report
 * generated before they were kept (version 1).
 */
export interface RankedRow {
  name: string;
  mentions: number;
  previous: number | null;
  sentiment: SentimentSplit | null;
}

/** A topic of the period (features/topics): its label, and the words that find its mentions in the feed. */
export interface SnapshotTopic extends RankedRow {
  search: string;
}

/** One project compared (its own, or a competitor); `other` (id) only for competitors left unnamed. */
export interface VoiceEntry {
  id: string;
  name: string;
  own: boolean;
  mentions: number;
  /** Of the comparison's mentions, 0…1; the previous period's when it had mentions. */
  share: number;
  previousShare: number | null;
}

/**
 * Everything a generated report shows, stored with it (`reports.snapshot`): the document is drawn from this
 * alone, so it says the same thing however the mentions change later. Stored snapshots of an older version
 * are read through `readSnapshot`.
 */
export interface ReportSnapshot {
  version: 2;
  generatedAt: string;
  workspace: string;
  project: { id: string; name: string; color: string };
  period: { from: string; to: string; previousFrom: string; previousTo: string; timeZone: string };
  sections: ReportSection[];
  /** Net sentiment is (positive − negative) / (positive + negative), null without opinionated mentions. */
  kpis: {
    mentions: Kpi;
    reach: Kpi;
    positive: Kpi;
    negative: Kpi;
    net: { value: number | null; previous: number | null };
  };
  /** Per day of the period, by sentiment. */
  volume: Array<{ day: string } & SentimentSplit>;
  sentiment: SentimentSplit;
  /** The same in the previous period (null in version 1). */
  previousSentiment: SentimentSplit | null;
  shareOfVoice: VoiceEntry[];
  /** `id`: the source's (its row's feed link), absent from snapshots kept before it was. */
  topSources: Array<RankedRow & { id?: string; type: string; reach: number }>;
  topAuthors: Array<RankedRow & { reach: number }>;
  /** The section `trending_terms` (its stored id): the period's topics. */
  /** `frequent`: nothing stood out, the rows are the most frequent phrases (absent from older snapshots). */
  topics: { rows: SnapshotTopic[]; estimated: boolean; frequent?: boolean };
  topMentions: SnapshotMention[];
  notes: string | null;
}

/** The first shape (issue 18): trending terms, rankings without their previous period or sentiment. */
interface SnapshotV1
  extends Omit<
    ReportSnapshot,
    "version" | "previousSentiment" | "shareOfVoice" | "topSources" | "topAuthors" | "topics"
  > {
  version: 1;
  shareOfVoice: Array<{ id: string; name: string; color: string; mentions: number }>;
  topSources: Array<{ name: string; type: string; mentions: number; reach: number }>;
  topAuthors: Array<{ name: string; mentions: number; reach: number }>;
  trendingTerms: Array<{ term: string; count: number; previous: number }>;
}

/**
 * A stored snapshot in the current shape. A version 1 snapshot says what it said: its terms become topics
 * without a sentiment split, and the figures it did not keep stay unknown (null), never zero.
 */
export function readSnapshot(stored: unknown): ReportSnapshot {
  const snapshot = stored as ReportSnapshot | SnapshotV1;
  if (snapshot.version === 2) return snapshot;
  const { trendingTerms, shareOfVoice, topSources, topAuthors, ...rest } = snapshot;
  const total = shareOfVoice.reduce((sum, e) => sum + e.mentions, 0);
  return {
    ...rest,
    version: 2,
    previousSentiment: null,
    shareOfVoice: shareOfVoice.map((e) => ({
      id: e.id,
      name: e.name,
      own: e.id === snapshot.project.id,
      mentions: e.mentions,
      share: total ? e.mentions / total : 0,
      previousShare: null,
    })),
    topSources: topSources.map((r) => ({ ...r, previous: null, sentiment: null })),
    topAuthors: topAuthors.map((r) => ({ ...r, previous: null, sentiment: null })),
    topics: {
      rows: trendingTerms.map((r) => ({
        name: r.term,
        mentions: r.count,
        previous: r.previous,
        sentiment: null,
        search: r.term,
      })),
      estimated: false,
    },
  };
}
