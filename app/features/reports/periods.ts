// A report's period names (stored as its period_kind) and the core preset each means: the periods every screen
// offers (core/period's OFFERED_PRESETS), so reports have what the overview, analytics and the feed have.
import { OFFERED_PRESETS, type OfferedPreset } from "~/core/period";
import type { ReportPeriod } from "~/db/report-model";

/** What each report period means: the core preset of the same name (ADR 042). */
export const REPORT_PRESETS = {
  last_7_days: "7",
  last_30_days: "30",
  last_90_days: "90",
  last_week: "last-week",
  this_month: "this-month",
  last_month: "last-month",
} as const satisfies Record<Exclude<ReportPeriod, "custom">, OfferedPreset>;

const NAME_OF = new Map(Object.entries(REPORT_PRESETS).map(([name, preset]) => [preset, name as ReportPeriod]));

/** The report form's choices: every offered preset, in the screens' order, then custom dates. */
export const OFFERED_REPORT_PERIODS: ReportPeriod[] = [
  ...OFFERED_PRESETS.map((preset) => NAME_OF.get(preset) as ReportPeriod),
  "custom",
];
