import { describe, expect, it } from "vitest";
import {
  bucketKeys,
  customPeriodError,
  dayOf,
  isDay,
  presetDays,
  resolvePeriod,
  startOfDay,
  zonedInstant,
} from "~/core/period";

describe("periods in the reader's zone", () => {
  // 2026-11-26 11:30 UTC: already the 27th in Kiritimati (UTC+14), the 26th in Honolulu (UTC−10).
  const now = new Date("2026-11-26T11:30:00Z");

  it("says which day it is in each zone", () => {
    expect(dayOf(now, "Pacific/Kiritimati")).toBe("2026-11-27");
    expect(dayOf(now, "Pacific/Honolulu")).toBe("2026-11-26");
    expect(dayOf(new Date("2026-11-26T08:00:00Z"), "Pacific/Honolulu")).toBe("2026-11-25");
    expect(dayOf(now, "Asia/Tashkent")).toBe("2026-11-26");
  });

  it('reads "last N days" as today and the N−1 days before it, everywhere', () => {
    const period = resolvePeriod("30", "Pacific/Kiritimati", {}, { now });
    expect(period).toMatchObject({ from: "2026-10-29", to: "2026-11-27", days: 30, bucket: "day" });
    expect(period.start.toISOString()).toBe("2026-10-28T10:00:00.000Z");
    expect(period.end.toISOString()).toBe("2026-11-27T10:00:00.000Z");
    expect(period.previous).toMatchObject({ from: "2026-09-29", to: "2026-10-28" });
    expect(period.previous.end).toEqual(period.start);
    expect(resolvePeriod("7", "Pacific/Honolulu", {}, { now })).toMatchObject({ from: "2026-11-20", to: "2026-11-26" });
  });

  it("reads last week and last month as the previous ISO week and calendar month", () => {
    // 2026-11-26 is a Thursday.
    expect(presetDays("last-week", "2026-11-26")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(presetDays("this-week", "2026-11-26")).toEqual({ from: "2026-11-23", to: "2026-11-26" });
    expect(presetDays("last-week", "2026-11-23")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(presetDays("last-month", "2026-03-31")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetDays("last-month", "2026-01-05")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(presetDays("this-month", "2026-11-26")).toEqual({ from: "2026-11-01", to: "2026-11-26" });
    expect(presetDays("today", "2026-11-26")).toEqual({ from: "2026-11-26", to: "2026-11-26" });
    expect(presetDays("yesterday", "2026-03-01")).toEqual({ from: "2026-02-28", to: "2026-02-28" });
  });

  it("keeps whole local days across clock changes", () => {
    // Berlin springs forward on 2026-03-29 (23 hours) and falls back on 2026-10-25 (25 hours).
    const spring = resolvePeriod("custom", "Europe/Berlin", { from: "2026-03-29", to: "2026-03-29" });
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    expect(bucketKeys(spring)).toHaveLength(23);
    const autumn = resolvePeriod("custom", "Europe/Berlin", { from: "2026-10-25", to: "2026-10-25" });
    expect(bucketKeys(autumn)).toHaveLength(25);
    expect(startOfDay("2026-03-29", "Europe/Berlin").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    // 02:30 does not exist that night in Berlin: just after the jump.
    expect(zonedInstant("2026-03-29", 2, "Europe/Berlin").toISOString()).toBe("2026-03-29T01:00:00.000Z");
  });

  it("checks custom ranges and falls back for ones that cannot be used", () => {
    expect(customPeriodError("2026-11-01", "2026-11-30")).toBeNull();
    expect(customPeriodError("2026-11-30", "2026-11-01")).toBe("order");
    expect(customPeriodError("2026-02-30", "2026-03-01")).toBe("missing");
    expect(customPeriodError("2024-01-01", "2026-01-01")).toBe("length");
    expect(isDay("2026-02-29")).toBe(false);
    expect(isDay("2028-02-29")).toBe(true);
    expect(resolvePeriod("custom", "UTC", { from: "x" }, { now })).toMatchObject({ choice: "30", days: 30 });
    expect(resolvePeriod("custom", "UTC", { from: "2026-11-01", to: "2026-11-02" }, { now })).toMatchObject({
      choice: "custom",
      bucket: "hour",
      days: 2,
    });
  });
});
