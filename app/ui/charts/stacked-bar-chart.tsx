import { ChartTable } from "./chart-table";
import type { StackedAxis } from "./geometry.server";
import { Plot, PlotSvg, Rule, ValueAxis, valueAxisWidth } from "./plot";
import { useChartTooltip } from "./tooltip";
import { XAxis } from "./x-axis";

export interface ChartSeries<K extends string> {
  key: K;
  label: string;
  /** A CSS colour, e.g. a theme token: `var(--positive)`. */
  color: string;
}

export interface ChartCategory<K extends string> {
  key: string;
  /** Under its bar on the x-axis (short, e.g. "Nov 23"). */
  axisLabel: string;
  /** At the top of its tooltip and in the table (e.g. the full date). */
  title: string;
  values: Record<K, number>;
}

const Swatch = ({ color }: { color: string }) => (
  <span className="inline-block size-2.5 shrink-0 rounded-sm" style={{ background: color }} aria-hidden="true" />
);

/**
 * Bars of stacked series per category (e.g. mentions per day by sentiment), drawn as SVG on the server:
 * a y-axis with round ticks and grid lines, a zero baseline, x labels every `tickEvery` categories
 * (every other one on a narrow chart), a legend, values on hover or keyboard focus, and a table of the
 * numbers for screen readers. Series stack bottom-up in the order given; legend and tooltip read top-down.
 */
export function StackedBarChart<K extends string>({
  data,
  series,
  summary,
  caption,
  categoryHeader,
  totalLabel,
  formatValue,
  axis,
  tickEvery = 7,
}: {
  data: ChartCategory<K>[];
  series: ChartSeries<K>[];
  /** What the chart shows, in a sentence: the accessible name of the picture. */
  summary: string;
  caption: string;
  categoryHeader: string;
  totalLabel: string;
  formatValue: (value: number) => string;
  /** From `stackedAxis` of the categories' totals, on the server (ADR 029). */
  axis: StackedAxis;
  tickEvery?: number;
}) {
  const { active, targetProps } = useChartTooltip(data.length);
  const n = Math.max(1, data.length);
  const totals = data.map((d) => series.reduce((sum, s) => sum + d.values[s.key], 0));
  const y = (value: number) => axis.zero - (value / axis.top) * axis.zero;
  const labelWidth = valueAxisWidth(
    axis.ticks.map((t) => t.value),
    formatValue,
  );
  const topDown = [...series].reverse();
  const center = (index: number) => `${((index + 0.5) / n) * 100}%`;
  const shown = active === null ? undefined : data[active];

  return (
    <figure className="@container flex flex-col gap-3">
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <ValueAxis ticks={axis.ticks} width={labelWidth} formatValue={formatValue} />
        <div className="relative h-40 @xl:h-56">
          <Plot summary={summary} targetProps={targetProps} className="absolute inset-0 rounded-sm text-foreground">
            <PlotSvg width={n} height={100}>
              {axis.ticks.slice(1).map((t) => (
                <Rule key={t.value} y={t.y} width={n} />
              ))}
              {active !== null && <rect x={active} y={0} width={1} height={100} fill="currentColor" opacity={0.08} />}
              {data.map((d, i) => {
                let top = axis.zero;
                return series.map((s) => {
                  const height = axis.zero - y(d.values[s.key]);
                  top -= height;
                  return height > 0 ? (
                    <rect key={`${d.key}-${s.key}`} x={i + 0.15} y={top} width={0.7} height={height} fill={s.color} />
                  ) : null;
                });
              })}
              <Rule y={axis.zero} width={n} zero />
            </PlotSvg>
          </Plot>
          <div
            aria-live="polite"
            className={
              shown &&
              "pointer-events-none absolute top-0 z-10 min-w-max rounded-md border border-border bg-popover px-2.5 py-1.5 text-xs text-popover-foreground shadow-md"
            }
            style={
              active === null
                ? undefined
                : { left: center(active), transform: `translateX(-${(active / Math.max(1, n - 1)) * 100}%)` }
            }
          >
            {shown && active !== null && (
              <>
                <p className="mb-1 font-medium">{shown.title}</p>
                {topDown.map((s) => (
                  <p key={s.key} className="flex items-center gap-1.5">
                    <Swatch color={s.color} />
                    {s.label}
                    <span className="ml-auto pl-4 tabular-nums">{formatValue(shown.values[s.key])}</span>
                  </p>
                ))}
                <p className="mt-1 flex border-t border-border pt-1 font-medium">
                  {totalLabel}
                  <span className="ml-auto pl-4 tabular-nums">{formatValue(totals[active] as number)}</span>
                </p>
              </>
            )}
          </div>
        </div>
        <div />
        <XAxis labels={data.map((c) => c.axisLabel)} every={tickEvery} valueChars={labelWidth} />
      </div>
      <figcaption className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {topDown.map((s) => (
          <span key={s.key} className="flex items-center gap-1">
            <Swatch color={s.color} />
            {s.label}
          </span>
        ))}
      </figcaption>
      <ChartTable
        caption={caption}
        columns={[categoryHeader, ...topDown.map((s) => s.label), totalLabel]}
        rows={data.map((d, i) => ({
          key: d.key,
          header: d.title,
          cells: [...topDown.map((s) => formatValue(d.values[s.key])), formatValue(totals[i] as number)],
        }))}
      />
    </figure>
  );
}
