// The analytics page's filters in its URL (issue 15, item 2), and links from its charts to the messages
// feed with the same filters. Plain data: the page and the server both use it.
import { OFFERED_PRESETS, type Preset } from "~/core/period";
import { MESSAGE_LANGUAGES, SENTIMENTS, SOURCE_TYPES } from "~/db/mention-model";

/** The periods the page offers (every screen's, from core/period), and a custom range. */
export const PERIOD_CHOICES = [...OFFERED_PRESETS, "custom"] as const satisfies ReadonlyArray<Preset | "custom">;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];
export const DEFAULT_PERIOD = "30" satisfies PeriodChoice;
export const isPeriodChoice = (value: unknown): value is PeriodChoice =>
  (PERIOD_CHOICES as readonly unknown[]).includes(value);
/** What a filter may choose from: the feed's own values. */
export const FILTER_CHOICES = { type: SOURCE_TYPES, language: MESSAGE_LANGUAGES, sentiment: SENTIMENTS } as const;

export interface AnalyticsFilters {
  project: string[];
  period: PeriodChoice;
  from: string | null;
  to: string | null;
  type: string[];
  language: string[];
  sentiment: string[];
}

/** Every chart of the page, by the id its CSV download asks for. */
export const CHARTS = [
  "volume",
  "reach",
  "sentiment",
  "net",
  "voice",
  "voice-time",
  "sources",
  "authors",
  "types",
  "languages",
  "topics",
  "heatmap",
] as const;
export type ChartId = (typeof CHARTS)[number];

/** The filters as URL parameters, defaults left out. */
export function filterParams(filters: AnalyticsFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const id of filters.project) params.append("project", id);
  if (filters.period !== DEFAULT_PERIOD) params.set("period", filters.period);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  for (const name of ["type", "language", "sentiment"] as const) {
    for (const value of filters[name]) params.append(name, value);
  }
  return params;
}

/** The CSV download of one chart, for the same filters. */
export function exportHref(chart: ChartId, filters: AnalyticsFilters) {
  const params = filterParams(filters);
  params.set("chart", chart);
  return `/analytics/export?${params}`;
}

/** The page's facet filters: what `feedParams` copies into a feed link. */
export type FacetFilters = { [K in "type" | "language" | "sentiment"]: readonly string[] };

/**
 * The messages feed showing the mentions behind a number: the scope's projects and days, the page's
 * filters, and `extra` (a source, a language, a search…), which replaces a filter of the same name.
 */
export function feedParams(
  filters: FacetFilters,
  scope: { projects: readonly string[]; from: string; to: string },
  extra: Record<string, string> = {},
): URLSearchParams {
  const params = new URLSearchParams();
  for (const id of scope.projects) params.append("project", id);
  params.set("from", scope.from);
  params.set("to", scope.to);
  for (const name of ["type", "language", "sentiment"] as const) {
    if (name in extra) continue;
    for (const value of filters[name]) params.append(name, value);
  }
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params;
}

/** The feed's URL for `feedParams`. */
export function feedHref(
  filters: FacetFilters,
  scope: { projects: readonly string[]; from: string; to: string },
  extra: Record<string, string> = {},
) {
  return `/messages?${feedParams(filters, scope, extra)}`;
}
