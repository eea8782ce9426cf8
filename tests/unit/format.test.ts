import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { changeOf } from "~/features/analytics/analytics-view";
import { BrowserTranslator } from "~/i18n/translator";
import { createFormatter, utcOffset, zoneLabel } from "~/lib/format";
import { formatPreferences } from "../support/format";

const at = "2026-03-21T14:05:00Z";
const base = formatPreferences();

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

describe("compact figures (issue 29: a KPI never overflows its card)", () => {
  const compact = (locale: string) => createFormatter({ ...base, locale }).compact;
  const nbsp = (text: string) => text.replace(/ /g, "\u00a0");

  it("shorten large counts to three significant digits and the language's unit, in four languages", () => {
    const figures = [3_251_171, 39_448_877, 123_456, 4_200_000_000];
    expect(figures.map(compact("en"))).toEqual(["3.25M", "39.4M", "123K", "4.2B"]);
    expect(figures.map(compact("ru"))).toEqual(["3,25 млн", "39,4 млн", "123 тыс.", "4,2 млрд"].map(nbsp));
    expect(figures.map(compact("uz"))).toEqual(["3,25 mln", "39,4 mln", "123 ming", "4,2 mlrd"].map(nbsp));
    expect(figures.map(compact("uz-Cyrl"))).toEqual(["3,25 млн", "39,4 млн", "123 минг", "4,2 млрд"].map(nbsp));
  });

  it("keep a count that fits whole, and read the same as full ICU in Uzbek Latin", () => {
    expect(compact("en")(99_999)).toBe("99,999");
    expect(compact("ru")(1450)).toBe(nbsp("1 450"));
    expect(compact("uz")(0)).toBe("0");
    // Node's ICU has Uzbek Latin; the formatter carries its own for the browser, and they agree.
    const icu = new Intl.NumberFormat("uz", { notation: "compact", maximumSignificantDigits: 3 });
    for (const n of [100_000, 987_654, 1_000_000, 3_251_171, 999_999_999, 12_345_678_901]) {
      expect(compact("uz")(n)).toBe(icu.format(n));
    }
  });
});

describe("times that say their zone", () => {
  it("name the zone's offset at the instant, summer time and half hours included", () => {
    expect(utcOffset("Asia/Tashkent", at)).toBe("UTC+5");
    expect(utcOffset("Asia/Kolkata", at)).toBe("UTC+5:30");
    expect(utcOffset("Pacific/Honolulu", at)).toBe("UTC−10");
    expect(utcOffset("Europe/London", "2026-01-15T12:00:00Z")).toBe("UTC");
    expect(utcOffset("Europe/London", "2026-07-15T12:00:00Z")).toBe("UTC+1");
    expect(zoneLabel("Asia/Tashkent", at)).toBe("Asia/Tashkent (UTC+5)");
    expect(zoneLabel("UTC", at)).toBe("UTC");
    const tashkent = createFormatter({ ...base, timeZone: "Asia/Tashkent" });
    expect(tashkent.dateTimeWithZone(at)).toBe("Mar 21, 2026, 19:05 UTC+5");
    expect(tashkent.zone(at)).toBe("Asia/Tashkent (UTC+5)");
  });

  it("show a calendar day as that day in any zone, UTC+14 included", () => {
    for (const timeZone of ["Pacific/Kiritimati", "Pacific/Honolulu", "UTC"]) {
      const format = createFormatter({ ...base, timeZone });
      expect(format.day("2026-03-21")).toBe("Mar 21, 2026");
      expect(format.dayMonthOf("2026-03-21")).toBe("Mar 21");
    }
    expect(createFormatter({ ...base, locale: "uz", timeZone: "Pacific/Kiritimati" }).day("2026-03-21")).toBe(
      "21-mar, 2026",
    );
    expect(createFormatter({ ...base, dateFormat: "iso" }).day("2026-03-21")).toBe("2026-03-21");
  });
});

describe("Uzbek without the browser's locale data", () => {
  // Browsers ship no Uzbek ICU data, so the formatter carries its own; Node has full ICU to check it against.
  const dates = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, i % 12, 1 + ((i * 7) % 28), i % 24, i)));
  const relatives: Array<[number, Intl.RelativeTimeFormatUnit]> = [
    [-45, "second"],
    [0, "second"],
    [-1, "minute"],
    [-23, "minute"],
    [5, "minute"],
    [-1, "hour"],
    [-13, "hour"],
    [3, "hour"],
    [-1, "day"],
    [1, "day"],
    [-4, "day"],
    [6, "day"],
  ];

  it.each(["uz", "uz-Cyrl"])("%s gives the same text as full ICU", (locale) => {
    for (const timeZone of ["UTC", "Asia/Tashkent", "America/New_York"]) {
      for (const dateFormat of ["short", "medium", "long"] as const) {
        const format = createFormatter({ ...base, locale, timeZone, dateFormat });
        for (const d of dates) {
          expect(format.date(d)).toBe(new Intl.DateTimeFormat(locale, { timeZone, dateStyle: dateFormat }).format(d));
        }
      }
      for (const use12Hour of [false, true]) {
        const format = createFormatter({ ...base, locale, timeZone, use12Hour });
        const hourCycle = use12Hour ? "h12" : "h23";
        for (const d of dates) {
          expect(format.time(d)).toBe(
            new Intl.DateTimeFormat(locale, { timeZone, timeStyle: "short", hourCycle }).format(d),
          );
        }
      }
    }
    const format = createFormatter({ ...base, locale });
    for (const n of [0, 7, 1222, -1234567, 1234567.5, 0.25]) {
      expect(format.number(n)).toBe(new Intl.NumberFormat(locale).format(n));
    }
    const now = new Date("2026-10-24T12:00:00Z");
    const icu = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    const seconds = { second: 1, minute: 60, hour: 3600, day: 86_400 } as Record<string, number>;
    for (const [value, unit] of relatives) {
      const at = new Date(now.getTime() + value * (seconds[unit] as number) * 1000);
      expect(format.relative(at, now)).toBe(icu.format(value, unit));
    }
  });

  it("reads relative times as words", () => {
    const now = new Date("2026-10-24T12:00:00Z");
    expect(createFormatter({ ...base, locale: "uz" }).relative("2026-10-24T11:37:00Z", now)).toBe("23 daqiqa oldin");
    expect(createFormatter({ ...base, locale: "uz-Cyrl" }).relative("2026-10-24T11:37:00Z", now)).toBe(
      "23 дақиқа олдин",
    );
  });
});

describe("changes: zero has no sign, and every count takes its plural (issue 36)", () => {
  const read = (lng: string, ns: string) =>
    JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../locales/${lng}/${ns}.json`), "utf8"));
  const tIn = (lng: string) => {
    const translator = new BrowserTranslator(lng);
    for (const ns of ["dashboard", "reports"]) translator.addResourceBundle(lng, ns, read(lng, ns));
    return translator.getFixedT(null, "dashboard") as never;
  };
  const points = (lng: string, now: number, before: number) =>
    changeOf(tIn(lng), createFormatter({ ...base, locale: lng }), now, before, { points: true }).text;

  it("signs a change, and a rounded −0 is 0", () => {
    const f = createFormatter(base);
    expect([f.signed(3), f.signed(-3), f.signed(0), f.signed(-0), f.signed(1234)]).toEqual([
      "+3",
      "−3",
      "0",
      "0",
      "+1,234",
    ]);
  });

  it("net sentiment's change in points, in every language", () => {
    // 0.120 → 0.123 rounds to 0 points either way; −0.004 rounds to −0.
    expect(points("en", 0.12, 0.124)).toBe("0 points vs the previous period");
    expect(points("en", 0.12, 0.13)).toBe("−1 point vs the previous period");
    expect(points("en", 0.13, 0.12)).toBe("+1 point vs the previous period");
    expect(points("en", 0.15, 0.12)).toBe("+3 points vs the previous period");
    expect(points("ru", 0.12, 0.124)).toBe("0 пунктов к предыдущему периоду");
    expect(points("ru", 0.12, 0.13)).toBe("−1 пункт к предыдущему периоду");
    expect(points("ru", 0.15, 0.12)).toBe("+3 пункта к предыдущему периоду");
    expect(points("ru", 0.2, 0.12)).toBe("+8 пунктов к предыдущему периоду");
    expect(points("uz", 0.12, 0.124)).toBe("oldingi davrga nisbatan 0 punkt");
    expect(points("uz-Cyrl", 0.12, 0.13)).toBe("олдинги даврга нисбатан −1 пункт");
    for (const lng of ["en", "ru", "uz", "uz-Cyrl"]) expect(points(lng, 0.12, 0.124)).not.toMatch(/[−-]0/);
  });
});
