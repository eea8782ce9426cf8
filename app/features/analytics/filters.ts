// The analytics page's filters in its URL (issue 15, item 2), and links from its charts to the messages
// feed with the same filters. Plain data: the page and the server both use it.
import { MESSAGE_LANGUAGES, SENTIMENTS, SOURCE_TYPES } from "../messages/feed";
import { customPeriodError, DEFAULT_PERIOD, isPeriodChoice, type PeriodChoice } from "./period";

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
  "terms",
  "heatmap",
] as const;
export type ChartId = (typeof CHARTS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PROJECTS = 10;

const allowed = (values: string[], choices: readonly string[]) => [
  ...new Set(values.filter((v) => choices.includes(v))),
];

/**
 * The filters from the URL; anything unknown is dropped, so an old link still opens. Dates without a
 * preset mean a custom period; a custom period that cannot be used comes back with its reason.
 */
export function parseAnalyticsFilters(params: URLSearchParams) {
  const from = params.get("from") || null;
  const to = params.get("to") || null;
  const asked = params.get("period");
  const period: PeriodChoice = isPeriodChoice(asked) ? asked : from || to ? "custom" : DEFAULT_PERIOD;
  const filters: AnalyticsFilters = {
    project: [...new Set(params.getAll("project").filter((id) => UUID.test(id)))].slice(0, MAX_PROJECTS),
    period,
    from: period === "custom" ? from : null,
    to: period === "custom" ? to : null,
    type: allowed(params.getAll("type"), SOURCE_TYPES),
    language: allowed(params.getAll("language"), MESSAGE_LANGUAGES),
    sentiment: allowed(params.getAll("sentiment"), SENTIMENTS),
  };
  return { filters, periodError: period === "custom" ? customPeriodError(from, to) : null };
}

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

/**
 * The messages feed showing the mentions behind a number: the scope's projects and days, the page's
 * filters, and `extra` (a source, a language, a search…), which replaces a filter of the same name.
 */
export function feedHref(
  filters: AnalyticsFilters,
  scope: { projects: string[]; from: string; to: string },
  extra: Record<string, string> = {},
) {
  const params = new URLSearchParams();
  for (const id of scope.projects) params.append("project", id);
  params.set("from", scope.from);
  params.set("to", scope.to);
  for (const name of ["type", "language", "sentiment"] as const) {
    if (name in extra) continue;
    for (const value of filters[name]) params.append(name, value);
  }
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return `/messages?${params}`;
}
