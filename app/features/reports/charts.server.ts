import { volumeAxis } from "~/features/mentions/mentions.server";
import { barLengths, donutGeometry } from "~/ui/charts/geometry.server";
import { type ReportSnapshot, SENTIMENT_ORDER } from "./snapshot";

/**
 * The geometry of a report's charts (ADR 029: d3 on the server), from its snapshot, wherever the document is
 * drawn: the page's loader and the PDF. Kept out of the snapshot, which holds what was counted.
 */
export function reportCharts(s: ReportSnapshot) {
  const lengths = (rows: Array<{ mentions: number }>) => barLengths(rows.map((r) => r.mentions));
  return {
    volume: volumeAxis(s.volume),
    sentiment: donutGeometry(SENTIMENT_ORDER.map((k) => s.sentiment[k])),
    voice: donutGeometry(s.shareOfVoice.map((e) => e.mentions)),
    sources: lengths(s.topSources),
    authors: lengths(s.topAuthors),
    topics: lengths(s.topics.rows),
  };
}

export type ReportCharts = ReturnType<typeof reportCharts>;
