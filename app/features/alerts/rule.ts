// The alert rule (ADR 030): a day fires when its figure exceeds the trailing 28 days' mean plus three
// standard deviations, and the day is big enough to matter.

export const BASELINE_DAYS = 28;
/** A day with fewer mentions never fires. */
export const MIN_MENTIONS = 10;
/** A negative-share jump needs at least this many negative mentions that day. */
export const MIN_NEGATIVE = 5;
/** Of the 28 baseline days, at least this many must have mentions: a new project has no "usual" yet. */
export const MIN_HISTORY_DAYS = 7;
const DEVIATIONS = 3;

export type AlertKind = "volume" | "negative";
export interface DayFigures {
  mentions: number;
  negative: number;
}
export interface Firing {
  kind: AlertKind;
  value: number;
  baseline: number;
  threshold: number;
}

/** Mean and mean + 3 population standard deviations of `values`. */
export function band(values: number[]): { mean: number; threshold: number } {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length;
  return { mean, threshold: mean + DEVIATIONS * Math.sqrt(variance) };
}

/** What `day` fires against the `baseline` days before it (oldest first, missing days as zero mentions). */
export function detect(baseline: DayFigures[], day: DayFigures): Firing[] {
  const active = baseline.filter((d) => d.mentions > 0);
  if (active.length < MIN_HISTORY_DAYS || day.mentions < MIN_MENTIONS) return [];
  const fired: Firing[] = [];

  const volume = band(baseline.map((d) => d.mentions));
  if (day.mentions > volume.threshold) {
    fired.push({ kind: "volume", value: day.mentions, baseline: volume.mean, threshold: volume.threshold });
  }
  // A day without mentions has no negative share; the usual share is that of the days that had some.
  const share = band(active.map((d) => d.negative / d.mentions));
  const todayShare = day.negative / day.mentions;
  if (day.negative >= MIN_NEGATIVE && todayShare > share.threshold) {
    fired.push({ kind: "negative", value: todayShare, baseline: share.mean, threshold: share.threshold });
  }
  return fired;
}
