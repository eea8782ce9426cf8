import { ChartTable } from "./chart-table";
import type { LineGeometry } from "./geometry.server";
import { Legend } from "./legend";
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
  const labelWidth = Math.max(...geometry.axis.ticks.map((t) => formatValue(t.value).length)) + 0.5;
  return (
    <figure className="@container flex flex-col gap-3">
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <div aria-hidden="true" className="relative h-40 text-xs text-muted-foreground tabular-nums @xl:h-56">
          <div style={{ width: `${labelWidth}ch` }} />
          {geometry.axis.ticks.map((t) => (
            <span key={t.value} className="absolute right-0 -translate-y-1/2 leading-none" style={{ top: `${t.y}%` }}>
              {formatValue(t.value)}
            </span>
          ))}
        </div>
        <div
          {...targetProps}
          role="img"
          aria-label={summary}
          className="relative h-40 rounded-sm outline-offset-4 focus-visible:outline-2 focus-visible:outline-ring @xl:h-56"
        >
          <svg
            viewBox={`0 0 ${n} 100`}
            preserveAspectRatio="none"
            className="size-full overflow-visible"
            aria-hidden="true"
          >
            {geometry.axis.ticks.map((t) => (
              <line
                key={t.value}
                x1={0}
                x2={n}
                y1={t.y}
                y2={t.y}
                stroke="var(--border)"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            <line
              x1={0}
              x2={n}
              y1={geometry.axis.zero}
              y2={geometry.axis.zero}
              stroke="var(--muted-foreground)"
              vectorEffect="non-scaling-stroke"
            />
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
          </svg>
          <Tip shown={shown} />
        </div>
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
