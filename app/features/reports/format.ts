import { createFormatter, type Formatter } from "~/lib/format";

/** Dates and numbers as a report shows them, whoever reads it: its language, its time zone, 24-hour. */
export function reportFormatter(report: { language: string; timeZone: string }): Formatter {
  return createFormatter({
    locale: report.language,
    timeZone: report.timeZone,
    use12Hour: false,
    dateFormat: "medium",
    showRelativeTime: false,
  });
}
