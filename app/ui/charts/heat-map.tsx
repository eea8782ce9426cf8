import { ChartTable } from "./chart-table";
import { Plot, PlotSvg } from "./plot";
import { Tip, useTip } from "./tip";

/**
 * A grid of counts (e.g. mentions per weekday and hour), each cell shaded by its level from `heatLevels`
 * (0 none … 4 most) in one hue, so it reads without telling colours apart. Row and column labels are HTML.
 */
export function HeatMap({
  rows,
  columns,
  levels,
  tips,
  values,
  summary,
  caption,
  legend,
  rowHeader,
}: {
  rows: string[];
  /** Column labels; only every sixth is written under the grid. */
  columns: string[];
  /** Row by row, `rows.length × columns.length` levels. */
  levels: number[];
  tips: string[];
  values: string[];
  summary: string;
  caption: string;
  /** Words at the ends of the shade scale, e.g. ["Fewer", "More"]. */
  legend: [string, string];
  /** Names the rows in the table (e.g. "Weekday"). */
  rowHeader: string;
}) {
  const { shown, targetProps } = useTip();
  const width = columns.length;
  const opacity = (level: number) => (level === 0 ? 1 : 0.2 + level * 0.2);
  return (
    <figure className="flex flex-col gap-2">
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <div
          aria-hidden="true"
          className="grid text-xs leading-none text-muted-foreground"
          style={{ gridTemplateRows: `repeat(${rows.length}, 1fr)` }}
        >
          {rows.map((r) => (
            <span key={r} className="flex items-center">
              {r}
            </span>
          ))}
        </div>
        <Plot summary={summary} targetProps={targetProps} className="relative h-44 rounded-sm">
          <PlotSvg width={width} height={rows.length} className="size-full">
            {levels.map((level, i) => (
              <rect
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in a fixed grid.
                key={i}
                x={(i % width) + 0.06}
                y={Math.floor(i / width) + 0.06}
                width={0.88}
                height={0.88}
                fill={level === 0 ? "var(--muted)" : "var(--series-1)"}
                fillOpacity={opacity(level)}
                stroke={shown?.index === i ? "var(--foreground)" : "none"}
                vectorEffect="non-scaling-stroke"
                data-tip={tips[i]}
              />
            ))}
          </PlotSvg>
          <Tip shown={shown} />
        </Plot>
        <div />
        <div aria-hidden="true" className="relative mt-1 h-4 text-xs text-muted-foreground">
          {columns.map((c, i) =>
            i % 6 === 0 ? (
              <span key={c} className="absolute" style={{ left: `${(i / width) * 100}%` }}>
                {c}
              </span>
            ) : null,
          )}
        </div>
      </div>
      <figcaption aria-hidden="true" className="flex items-center gap-1 text-xs text-muted-foreground">
        {legend[0]}
        {[0, 1, 2, 3, 4].map((level) => (
          <span
            key={level}
            className="inline-block size-2.5 rounded-sm"
            style={{ background: level === 0 ? "var(--muted)" : "var(--series-1)", opacity: opacity(level) }}
          />
        ))}
        {legend[1]}
      </figcaption>
      <ChartTable
        caption={caption}
        columns={[rowHeader, ...columns]}
        rows={rows.map((r, k) => ({ key: r, header: r, cells: values.slice(k * width, (k + 1) * width) }))}
      />
    </figure>
  );
}
