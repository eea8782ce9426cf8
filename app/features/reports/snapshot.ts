import type { ReportSection } from "../../db/report-model";

export type Sentiment = "positive" | "neutral" | "negative";

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
 * Everything a generated report shows, stored with it (`reports.snapshot`): the document is drawn from this
 * alone, so it says the same thing however the mentions change later.
 */
export interface ReportSnapshot {
  version: 1;
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
  volume: Array<{ day: string } & Record<Sentiment, number>>;
  sentiment: Record<Sentiment, number>;
  shareOfVoice: Array<{ id: string; name: string; color: string; mentions: number }>;
  topSources: Array<{ name: string; type: string; mentions: number; reach: number }>;
  topAuthors: Array<{ name: string; mentions: number; reach: number }>;
  trendingTerms: Array<{ term: string; count: number; previous: number }>;
  topMentions: SnapshotMention[];
  notes: string | null;
}
