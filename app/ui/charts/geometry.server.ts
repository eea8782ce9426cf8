// Chart geometry on the server (ADR 029): d3 computes scales, ticks and SVG paths in a loader, the chart
// components draw them as plain <svg>, and the browser downloads none of d3. Plot coordinates are in a
// `n × 100` box (one unit per category across, percent of the height down) that the components stretch to
// the card; text stays HTML so it never stretches.
import { scaleLinear, scaleQuantize } from "d3-scale";
import { arc, area, line, pie } from "d3-shape";

export interface Tick {
  value: number;
  /** Percent of the plot's height from the top. */
  y: number;
}

export interface ValueAxis {
  ticks: Tick[];
  /** Where zero is, in percent from the top (the baseline of bars and areas). */
  zero: number;
}

/** Round ticks covering `min…max` (an axis even for empty data); `integer` for counts of things. */
export function valueAxis(min: number, max: number, { integer = false, count = 4 } = {}) {
  const high = max > min ? max : min + (integer ? count : 1);
  const scale = scaleLinear().domain([min, high]).range([100, 0]).nice(count);
  const ticks = scale.ticks(count).filter((t) => !integer || Number.isInteger(t));
  const round = (y: number) => Math.round(y * 100) / 100;
  return { scale, axis: { ticks: ticks.map((value) => ({ value, y: round(scale(value)) })), zero: round(scale(0)) } };
}

/** The value axis of bars stacked from zero; `top` is the value at the plot's top edge. */
export interface StackedAxis extends ValueAxis {
  top: number;
}

/** The axis of bars stacked from zero whose stacks add up to `totals` (counts of things). */
export function stackedAxis(totals: number[]): StackedAxis {
  const { scale, axis } = valueAxis(0, Math.max(0, ...totals), { integer: true });
  return { ...axis, top: scale.domain()[1] as number };
}

export interface LineGeometry {
  categories: number;
  axis: ValueAxis;
  /** One path per series (`d` of <path>); gaps where a value is null. */
  lines: string[];
  /** The area under the first series, when asked for. */
  area: string | null;
}

/**
 * Lines of several series over the same categories (e.g. reach per day, net sentiment, share of voice),
 * each point at the centre of its category. `domain` fixes the value range (e.g. −1…1), else it is 0…max.
 */
export function lineGeometry(
  series: Array<Array<number | null>>,
  {
    domain,
    integer = false,
    fillFirst = false,
  }: { domain?: [number, number]; integer?: boolean; fillFirst?: boolean } = {},
): LineGeometry {
  const categories = Math.max(1, ...series.map((s) => s.length));
  const values = series.flat().filter((v): v is number => v !== null);
  const [min, max] = domain ?? [0, Math.max(0, ...values)];
  const { scale, axis } = valueAxis(min, max, { integer });
  const x = (_: number | null, i: number) => i + 0.5;
  const y = (v: number | null) => scale(v as number);
  // Two decimals of a 100-unit box are finer than a pixel, and keep the page's HTML small.
  const draw = line<number | null>()
    .digits(2)
    .defined((v) => v !== null)
    .x(x)
    .y(y);
  const fill = area<number | null>()
    .digits(2)
    .defined((v) => v !== null)
    .x(x)
    .y0(axis.zero)
    .y1(y);
  return {
    categories,
    axis,
    lines: series.map((s) => draw(s) ?? ""),
    area: fillFirst && series[0] ? (fill(series[0]) ?? "") : null,
  };
}

/** Bar lengths in percent of the longest value (horizontal bar lists). */
export function barLengths(values: number[]): number[] {
  const scale = scaleLinear()
    .domain([0, Math.max(1, ...values)])
    .range([0, 100]);
  return values.map((v) => Math.round(scale(v) * 10) / 10);
}

/** Donut slices in a 100 × 100 box centred on 0,0: one path per value, in order, and where to put a label. */
export function donutGeometry(values: number[]): Array<{ path: string; share: number }> {
  const total = values.reduce((a, b) => a + b, 0);
  const slices = pie<number>().sort(null).padAngle(0.015)(values);
  const shape = arc<(typeof slices)[number]>().digits(2).innerRadius(30).outerRadius(50);
  return slices.map((slice) => ({ path: shape(slice) ?? "", share: total ? slice.value / total : 0 }));
}

/** Heat levels 0 (none) … `levels` for each value, in equal steps up to the largest. */
export function heatLevels(values: number[], levels = 4): number[] {
  const max = Math.max(0, ...values);
  if (max === 0) return values.map(() => 0);
  const scale = scaleQuantize<number>()
    .domain([0, max])
    .range(Array.from({ length: levels }, (_, i) => i + 1));
  return values.map((v) => (v > 0 ? scale(v) : 0));
}
