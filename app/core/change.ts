// How a figure moved against the period before, as every screen states it: the overview, /analytics, a
// report and the assistant round the same way, so they give the same number.

/** In whole percent; null when there was nothing before to compare with. */
export function percentChange(now: number, before: number): number | null {
  return before === 0 ? null : Math.round(((now - before) / before) * 100);
}

/** A share or an index (both fractions) in whole points. */
export function pointsChange(now: number, before: number): number {
  return Math.round((now - before) * 100);
}
