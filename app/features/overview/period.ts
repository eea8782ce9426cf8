// The overview's period choice, shared by its loader and its page.
import type { PeriodChoice } from "../analytics/period";

export const OVERVIEW_PERIODS = ["7", "30", "90"] as const satisfies readonly PeriodChoice[];
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
export const DEFAULT_OVERVIEW_PERIOD: OverviewPeriod = "30";

/** The period from the URL (`?period=7|30|90`); anything else is the default. */
export function overviewPeriod(params: URLSearchParams): OverviewPeriod {
  const value = params.get("period");
  return OVERVIEW_PERIODS.includes(value as OverviewPeriod) ? (value as OverviewPeriod) : DEFAULT_OVERVIEW_PERIOD;
}
