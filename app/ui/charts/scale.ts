// The x-axis labels are HTML under an SVG stretched to the card, so the server cannot know how far apart
// they will be. It decides for each container width at which Tailwind's container queries switch, from the
// labels' estimated widths, and each label shows from the narrowest width at which it fits.
/** Container widths (rem) and the classes that show a label from that width on; the first is the narrowest chart. */
export const AXIS_WIDTHS = [
  { rem: 10, className: "" },
  { rem: 16, className: "hidden @3xs:inline" },
  { rem: 18, className: "hidden @2xs:inline" },
  { rem: 20, className: "hidden @xs:inline" },
  { rem: 24, className: "hidden @sm:inline" },
  { rem: 28, className: "hidden @md:inline" },
  { rem: 32, className: "hidden @lg:inline" },
  { rem: 36, className: "hidden @xl:inline" },
  { rem: 42, className: "hidden @2xl:inline" },
  { rem: 48, className: "hidden @3xl:inline" },
  { rem: 56, className: "hidden @4xl:inline" },
  { rem: 64, className: "hidden @5xl:inline" },
  { rem: 72, className: "hidden @6xl:inline" },
  { rem: 80, className: "hidden @7xl:inline" },
] as const;

/** Axis text is `text-xs`: 0.75 rem. Widths below are in its em. */
const LABEL_REM = 0.75;
/** A character of a sans-serif face is 0.5–0.6 em on average (Cyrillic, Latin and digits alike); 0.65 is safe. */
const CHAR_EM = 0.65;
/** The least space between two labels. */
const GAP_EM = 1;
/** The grid's gap between the value axis and the plot (`gap-x-2`). */
const AXIS_GAP_EM = 0.5 / LABEL_REM;

/** Where a label is drawn (em from the plot's left edge): the first flush left, the last flush right, others centred. */
function extent(index: number, categories: number, width: number, plot: number): [number, number] {
  if (index === categories - 1) return [plot - width, plot];
  if (index === 0) return [0, width];
  const centre = ((index + 0.5) / categories) * plot;
  return [centre - width / 2, centre + width / 2];
}

/** The labels, every `step`-th counted back from the last, that fit a plot `plot` em wide without overlapping. */
function fitting(widths: number[], step: number, plot: number): number[] | null {
  const n = widths.length;
  const shown: number[] = [];
  for (let index = n - 1; index >= 0; index -= step) {
    const [left] = extent(index, n, widths[index] as number, plot);
    // A centred label that would stick out over the value axis is left out.
    if (left >= 0 || index === n - 1) shown.unshift(index);
  }
  for (let k = 1; k < shown.length; k++) {
    const [, right] = extent(shown[k - 1] as number, n, widths[shown[k - 1] as number] as number, plot);
    const [left] = extent(shown[k] as number, n, widths[shown[k] as number] as number, plot);
    if (right + GAP_EM > left) return null;
  }
  return shown;
}

/**
 * The x-axis labels of `labels` (one per category) and the class that shows each from the chart width at
 * which it fits: every `every`-th category counted back from the last (the latest is always labelled), the
 * step doubled until the labels fit, so no two labels ever overlap at any width or in any language.
 * `valueChars`: the width of the value axis beside the plot, in characters.
 */
export function axisLabels(
  labels: readonly string[],
  { every = 1, valueChars = 0 }: { every?: number; valueChars?: number } = {},
): Array<{ index: number; className: string }> {
  const n = labels.length;
  if (n === 0) return [];
  const widths = labels.map((label) => label.length * CHAR_EM);
  const beside = valueChars * CHAR_EM + AXIS_GAP_EM;
  const shownFrom = new Map<number, string>();
  // Widest first: a narrower chart keeps a step at least as long, so it shows a subset of the labels.
  let step = Math.max(1, Math.floor(every));
  for (const { rem, className } of [...AXIS_WIDTHS].reverse()) {
    const plot = rem / LABEL_REM - beside;
    let shown = fitting(widths, step, plot);
    while (!shown && step < n) {
      step *= 2;
      shown = fitting(widths, step, plot);
    }
    for (const index of shown ?? [n - 1]) shownFrom.set(index, className);
  }
  return [...shownFrom].map(([index, className]) => ({ index, className })).sort((a, b) => a.index - b.index);
}
