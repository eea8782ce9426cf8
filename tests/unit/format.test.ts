import { describe, expect, it } from "vitest";
import { createFormatter, type FormatPreferences } from "~/lib/format";

const at = "2026-03-21T14:05:00Z";
const base: FormatPreferences = {
  locale: "en",
  timeZone: "UTC",
  use12Hour: false,
  dateFormat: "medium",
  showRelativeTime: true,
};

describe("the one formatter", () => {
  it("follows the date format", () => {
    expect(createFormatter({ ...base, dateFormat: "short" }).date(at)).toBe("3/21/26");
    expect(createFormatter({ ...base, dateFormat: "medium" }).date(at)).toBe("Mar 21, 2026");
    expect(createFormatter({ ...base, dateFormat: "long" }).date(at)).toBe("March 21, 2026");
    expect(createFormatter({ ...base, dateFormat: "iso" }).dateTime(at)).toBe("2026-03-21 14:05");
  });

  it("follows the time zone and the 12/24-hour clock", () => {
    expect(createFormatter({ ...base, timeZone: "Asia/Tashkent" }).time(at)).toBe("19:05");
    expect(createFormatter({ ...base, timeZone: "Asia/Tashkent", use12Hour: true }).time(at)).toMatch(/^7:05\sPM$/);
    expect(
      createFormatter({ ...base, timeZone: "America/New_York", dateFormat: "iso" }).dateTime("2026-03-21T02:00:00Z"),
    ).toBe("2026-03-20 22:00");
  });

  it("speaks the user's language", () => {
    expect(createFormatter({ ...base, locale: "ru", dateFormat: "long" }).date(at)).toBe("21 марта 2026 г.");
    expect(createFormatter({ ...base, locale: "uz-Cyrl", dateFormat: "long" }).date(at)).toMatch(/март/);
    expect(createFormatter({ ...base, locale: "ru" }).number(1234567)).toMatch(/^1\s234\s567$/);
  });

  it("says recent times relatively only when the user wants it", () => {
    const now = new Date("2026-03-21T14:10:00Z");
    expect(createFormatter(base).when(at, now)).toBe("5 minutes ago");
    expect(createFormatter({ ...base, locale: "ru" }).when(at, now)).toBe("5 минут назад");
    expect(createFormatter(base).when("2026-03-01T10:00:00Z", now)).toBe("Mar 1, 2026, 10:00");
    expect(createFormatter({ ...base, showRelativeTime: false }).when(at, now)).toBe("Mar 21, 2026, 14:05");
  });
});
