import { ChartTable } from "./chart-table";
import type { LineGeometry } from "./geometry.server";
import { Legend } from "./legend";
import { Plot, PlotSvg, Rule, ValueAxis, valueAxisWidth } from "./plot";
import { Tip, useTip } from "./tip";
import { XAxis } from "./x-axis";

export interface LineSeries {
  key: string;
  label: string;
  color: string;
  /** Dash pattern, so series differ without colour. */
  dash?: string;
  userContent?: boolean;
}

export interface Category {
  key: string;
  /** Under the plot (short, e.g. "23 Nov" or "14:00"). */
  axisLabel: string;
  /** In the tooltip and the table (e.g. the full date). */
  title: string;
}

/**
 * Lines (and an area under the first series, if the geometry has one) over categories such as days,
 * drawn from geometry computed on the server: value axis and grid, x labels every `tickEvery`
 * categories, a legend, a tooltip per category and the numbers as a table.
 */
export function LineChart({
  geometry,
  series,
  values,
  categories,
  summary,
  caption,
  categoryHeader,
  formatValue,
  tickEvery = 7,
}: {
  geometry: LineGeometry;
  series: LineSeries[];
  /** One array per series, one value per category; null where there is none (e.g. net sentiment of no mentions). */
  values: Array<Array<number | null>>;
  categories: Category[];
  summary: string;
  caption: string;
  categoryHeader: string;
  formatValue: (value: number) => string;
  tickEvery?: number;
}) {
  const { shown, targetProps } = useTip();
  const n = geometry.categories;
  const show = (v: number | null | undefined) => (v === null || v === undefined ? "—" : formatValue(v));
  const tipOf = (i: number) =>
    [categories[i]?.title, ...series.map((s, k) => `${s.label}: ${show(values[k]?.[i])}`)].join("\n");
  const labelWidth = valueAxisWidth(
    geometry.axis.ticks.map((t) => t.value),
    formatValue,
  );
  return (
    <figure className="@container flex flex-col gap-3">
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <ValueAxis ticks={geometry.axis.ticks} width={labelWidth} formatValue={formatValue} />
        <Plot summary={summary} targetProps={targetProps} className="relative h-40 rounded-sm @xl:h-56">
          <PlotSvg width={n} height={100}>
            {geometry.axis.ticks.map((t) => (
              <Rule key={t.value} y={t.y} width={n} />
            ))}
            <Rule y={geometry.axis.zero} width={n} zero />
            {geometry.area && <path d={geometry.area} fill={series[0]?.color} opacity={0.15} />}
            {geometry.lines.map((d, k) => (
              <path
                key={series[k]?.key ?? k}
                d={d}
                fill="none"
                stroke={series[k]?.color}
                strokeWidth={2}
                strokeDasharray={series[k]?.dash || undefined}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {categories.map((c, i) =>
              shown?.index === i ? (
                <rect
                  key={c.key}
                  data-tip={tipOf(i)}
                  x={i}
                  width={1}
                  y={0}
                  height={100}
                  fill="currentColor"
                  opacity={0.08}
                />
              ) : (
                <rect key={c.key} data-tip={tipOf(i)} x={i} width={1} y={0} height={100} fill="transparent" />
              ),
            )}
          </PlotSvg>
          <Tip shown={shown} />
        </Plot>
        <div />
        <XAxis labels={categories.map((c) => c.axisLabel)} every={tickEvery} valueChars={labelWidth} />
      </div>
      <figcaption>
        <Legend items={series.map((s) => ({ ...s, dash: s.dash ?? "" }))} />
      </figcaption>
      <ChartTable
        caption={caption}
        columns={[categoryHeader, ...series.map((s) => s.label)]}
        rows={categories.map((c, i) => ({
          key: c.key,
          header: c.title,
          cells: series.map((_, k) => show(values[k]?.[i])),
        }))}
      />
    </figure>
  );
}
