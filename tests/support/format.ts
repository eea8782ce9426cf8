import type { FormatPreferences } from "~/lib/format";

/** An English reader's formatting preferences (UTC, 24-hour clock, medium dates, relative times), with `changes`. */
export const formatPreferences = (changes: Partial<FormatPreferences> = {}): FormatPreferences => ({
  locale: "en",
  timeZone: "UTC",
  use12Hour: false,
  dateFormat: "medium",
  showRelativeTime: true,
  ...changes,
});
