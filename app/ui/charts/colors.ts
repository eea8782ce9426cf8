// The kit's colours (ADR 029): theme tokens, so light and dark each get their own readable shade.

/** Sentiment: the one palette (blue, grey, orange: told apart by colour-blind readers too). */
export const SENTIMENT_COLORS = {
  positive: "var(--positive)",
  neutral: "var(--neutral)",
  negative: "var(--negative)",
} as const;

/**
 * Categories (projects compared, source types): a colour-blind-safe set (Okabe–Ito hues), and a dash
 * pattern per series so lines differ without colour too.
 */
export const SERIES_COLORS = [
  "var(--series-1)",
  "var(--series-2)",
  "var(--series-3)",
  "var(--series-4)",
  "var(--series-5)",
];
export const SERIES_DASHES = ["", "6 3", "2 2", "8 3 2 3", "1 4"];
/** What "other" (e.g. competitors the reader may not see) is drawn in. */
export const OTHER_COLOR = "var(--neutral)";

export const seriesColor = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length] as string;
export const seriesDash = (index: number) => SERIES_DASHES[index % SERIES_DASHES.length] as string;
