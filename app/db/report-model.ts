/** What a report is made of; plain data shared by the database schema, the server and the pages. */

/** The sections a report may show, in their default order. */
export const REPORT_SECTIONS = [
  "kpis",
  "volume",
  "sentiment",
  "share_of_voice",
  "top_sources",
  "top_authors",
  "trending_terms",
  "top_mentions",
  "notes",
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

export const REPORT_PERIODS = [
  "last_7_days",
  "last_30_days",
  "last_90_days",
  "last_week",
  "this_month",
  "last_month",
  "custom",
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const REPORT_SCHEDULES = ["none", "weekly", "monthly"] as const;
export type ReportSchedule = (typeof REPORT_SCHEDULES)[number];

export const REPORT_STATUSES = ["pending", "ready", "failed"] as const;

/** How many top mentions a report may list. */
export const MAX_TOP_MENTIONS = 50;
