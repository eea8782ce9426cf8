import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { headingOf } from "~/core/text";
import { createFormatter } from "~/lib/format";
import { verdict } from "~/ui/card";
import { stackedAxis } from "~/ui/charts/geometry.server";
import { AXIS_WIDTHS, axisLabels } from "~/ui/charts/scale";
import { StackedBarChart } from "~/ui/charts/stacked-bar-chart";
import { formatPreferences } from "../support/format";

describe("chart scales", () => {
  it("a stacked axis has round ticks from zero to above the highest total, whole numbers for counts", () => {
    const axis = stackedAxis([5, 0, 37]);
    expect(axis.ticks.map((t) => t.value)).toEqual([0, 10, 20, 30, 40]);
    expect(axis.ticks.map((t) => t.y)).toEqual([100, 75, 50, 25, 0]);
    expect(axis).toMatchObject({ zero: 100, top: 40 });
  });

  it("an empty chart still gets an axis, in whole numbers", () => {
    const axis = stackedAxis([0, 0]);
    expect(axis.ticks.every((t) => Number.isInteger(t.value))).toBe(true);
    expect(axis.top).toBeGreaterThan(0);
  });

  it("the latest category is always labelled, and a one-category chart has its one label", () => {
    expect(axisLabels(["Nov 23"])).toEqual([{ index: 0, className: "" }]);
    expect(axisLabels(Array(30).fill("Nov 23"), { every: 7 }).at(-1)).toEqual({ index: 29, className: "" });
  });
});

describe("x-axis labels never overlap, at any width, in any language", () => {
  const days = (n: number, label: (day: number) => string) => Array.from({ length: n }, (_, i) => label((i % 30) + 1));
  const cases = {
    "ru, 30 days": days(30, (d) => `${d} нояб.`),
    "uz, 30 days, long format": days(30, (d) => `${d}-sentabr`),
    "uz-Cyrl, 90 days, long format": days(90, (d) => `${d} сентябр`),
    "ru, 366 days, long format": days(366, (d) => `${d} сентября`),
    "en, 24 hours": Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`),
  };
  /** The labels a browser shows in a chart `rem` wide: those whose class turns them on at that width. */
  const shownAt = (labels: ReturnType<typeof axisLabels>, rem: number) =>
    labels.filter((l) => (AXIS_WIDTHS.find((w) => w.className === l.className)?.rem ?? 0) <= rem).map((l) => l.index);
  // Measured in Chromium at 12 px, the widest of the interface's fonts: ≤ 0.6 em a character.
  const extent = (text: string, index: number, n: number, plot: number) => {
    const width = text.length * 0.6 * 0.75;
    if (index === n - 1) return [plot - width, plot];
    if (index === 0) return [0, width];
    const centre = ((index + 0.5) / n) * plot;
    return [centre - width / 2, centre + width / 2];
  };

  for (const [name, labels] of Object.entries(cases)) {
    it(name, () => {
      for (const every of [1, 5, 7]) {
        const valueChars = 6;
        const axis = axisLabels(labels, { every, valueChars });
        for (let rem = 10; rem <= 100; rem += 0.5) {
          // The plot is what the value axis and the gap leave of the chart's width (both in rem).
          const plot = rem - valueChars * 0.6 * 0.75 - 0.5;
          const shown = shownAt(axis, rem);
          expect(shown.at(-1)).toBe(labels.length - 1);
          for (let k = 1; k < shown.length; k++) {
            const [a, b] = [shown[k - 1] as number, shown[k] as number];
            const [, right] = extent(labels[a] as string, a, labels.length, plot);
            const [left] = extent(labels[b] as string, b, labels.length, plot);
            expect(right, `${name}, every ${every}, ${rem} rem: ${labels[a]} | ${labels[b]}`).toBeLessThan(
              left as number,
            );
          }
        }
      }
    });
  }

  it("a wide chart shows more labels than a phone's, every `every`-th at most", () => {
    const axis = axisLabels(cases["ru, 30 days"], { every: 5, valueChars: 3 });
    expect(shownAt(axis, 10)).toEqual([29]);
    expect(shownAt(axis, 16)).toEqual([9, 29]);
    expect(shownAt(axis, 24)).toEqual([9, 19, 29]);
    expect(shownAt(axis, 42)).toEqual([4, 9, 14, 19, 24, 29]);
  });
});

describe("the stacked bar chart, as the server draws it", () => {
  const days = [
    { key: "2026-11-21", axisLabel: "Nov 21", title: "Nov 21, 2026", values: { bad: 2, good: 3 } },
    { key: "2026-11-22", axisLabel: "Nov 22", title: "Nov 22, 2026", values: { bad: 0, good: 0 } },
    { key: "2026-11-23", axisLabel: "Nov 23", title: "Nov 23, 2026", values: { bad: 1, good: 36 } },
  ];
  const html = renderToString(
    createElement(StackedBarChart<"bad" | "good">, {
      data: days,
      series: [
        { key: "bad", label: "Bad", color: "var(--negative)" },
        { key: "good", label: "Good", color: "var(--positive)" },
      ],
      summary: "42 things in 3 days",
      caption: "Things per day",
      categoryHeader: "Day",
      totalLabel: "Total",
      formatValue: (n) => `#${n}`,
      axis: stackedAxis([5, 0, 37]),
      tickEvery: 1,
    }),
  );

  it("has a y-axis with round ticks, a grid line for each but zero, and a zero baseline", () => {
    for (const tick of ["#0", "#10", "#20", "#30", "#40"]) expect(html).toContain(`>${tick}</span>`);
    expect(html.match(/<line /g)).toHaveLength(5);
    expect(html).toContain('stroke="var(--muted-foreground)"');
  });

  it("labels the x-axis, names the picture and stacks a rect per non-zero value", () => {
    for (const label of ["Nov 21", "Nov 22", "Nov 23"]) expect(html).toContain(`>${label}</span>`);
    expect(html).toContain('role="img" aria-label="42 things in 3 days"');
    expect(html).toContain('tabindex="0"');
    expect(html.match(/<rect /g)).toHaveLength(4);
  });

  it("gives the numbers as a table: a row per day, series top-down, and the total", () => {
    expect(html).toContain("<caption>Things per day</caption>");
    expect(html).toMatch(
      /<th scope="col">Day<\/th><th scope="col">Good<\/th><th scope="col">Bad<\/th><th scope="col">Total<\/th>/,
    );
    expect(html).toContain('<th scope="row">Nov 23, 2026</th><td>#36</td><td>#1</td><td>#37</td>');
    expect(html).toContain('<th scope="row">Nov 22, 2026</th><td>#0</td><td>#0</td><td>#0</td>');
  });
});

describe("axis dates through the one formatter", () => {
  const base = formatPreferences();
  const day = "2026-11-23";
  it("day and month in the user's date format and language, without the year", () => {
    expect(createFormatter(base).dayMonth(day)).toBe("Nov 23");
    expect(createFormatter({ ...base, locale: "ru" }).dayMonth(day)).toBe("23 нояб.");
    expect(createFormatter({ ...base, locale: "ru", dateFormat: "short" }).dayMonth(day)).toBe("23.11");
    expect(createFormatter({ ...base, dateFormat: "iso" }).dayMonth(day)).toBe("11-23");
    expect(createFormatter({ ...base, locale: "uz" }).dayMonth(day)).toBe("23-noy");
    expect(createFormatter({ ...base, locale: "uz-Cyrl", dateFormat: "long" }).dayMonth(day)).toBe("23 ноябр");
  });
});

describe("KPI changes: one rule for better and worse", () => {
  it("a move in the KPI's good direction is better, the other way worse", () => {
    expect(verdict({ delta: 5, better: "up" })).toBe("better");
    expect(verdict({ delta: -5, better: "up" })).toBe("worse");
    // A rising negative share is bad news.
    expect(verdict({ delta: 3, better: "down" })).toBe("worse");
    expect(verdict({ delta: -3, better: "down" })).toBe("better");
  });

  it("falling mentions are not bad in themselves; no move, or nothing to compare, is neutral", () => {
    expect(verdict({ delta: -40, better: "neither" })).toBe("neutral");
    expect(verdict({ delta: 0, better: "up" })).toBe("neutral");
    expect(verdict({ delta: null, better: "down" })).toBe("neutral");
  });
});

describe("a mention's heading", () => {
  it("is its title, or else the first line of its text", () => {
    expect(headingOf({ title: "Big news", text: "Body" })).toEqual({ heading: "Big news", body: "Body" });
    expect(headingOf({ title: null, text: "First line\nSecond\nThird" })).toEqual({
      heading: "First line",
      body: "Second\nThird",
    });
    expect(headingOf({ title: "  ", text: "Only one line" })).toEqual({ heading: "Only one line", body: "" });
  });
});
