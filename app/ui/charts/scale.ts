// Scales and ticks for the charts, in plain TypeScript (no chart library on the client).

/** A step of 1, 2 or 5 × 10ⁿ that cuts `span` into about `count` parts. */
function niceStep(span: number, count: number): number {
  const rough = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const norm = rough / magnitude;
  return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude;
}

/**
 * Round values from at most `min` to at least `max`, about `count` steps apart (e.g. 0, 10, 20, 30, 40
 * for 0…37). Empty or flat data still gets an axis; `integer` keeps steps whole (counts of things).
 */
export function niceTicks(min: number, max: number, { count = 4, integer = false } = {}): number[] {
  const high = max > min ? max : min + 1;
  const step = integer ? Math.max(1, niceStep(high - min, count)) : niceStep(high - min, count);
  const first = Math.floor(min / step) * step;
  const steps = Math.ceil((high - first) / step - 1e-9);
  return Array.from({ length: steps + 1 }, (_, i) => Number((first + i * step).toPrecision(12)));
}

/** Maps `domain` linearly onto `range`, e.g. values onto the chart's height. */
export function linearScale([d0, d1]: [number, number], [r0, r1]: [number, number]) {
  return (value: number) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

/**
 * Which of `length` categories get a label on the x-axis: every `every`-th, counted back from the last
 * (the latest day is always labelled). `major` marks every other one, kept when the chart is narrow.
 */
export function categoryTicks(length: number, every: number): Array<{ index: number; major: boolean }> {
  const ticks: Array<{ index: number; major: boolean }> = [];
  for (let index = length - 1, k = 0; index >= 0; index -= every, k++) ticks.unshift({ index, major: k % 2 === 0 });
  return ticks;
}
