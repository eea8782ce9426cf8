import { ChartTable } from "./chart-table";
import { Legend } from "./legend";
import { Plot } from "./plot";
import { Tip, useTip } from "./tip";

export interface DonutSlice {
  key: string;
  label: string;
  color: string;
  /** From `donutGeometry`. */
  path: string;
  value: string;
  /** Share as text (e.g. "42%"), written beside the label so colour is never the only key. */
  share: string;
  userContent?: boolean;
}

/** A split of a whole (e.g. mentions by sentiment) as a donut, with the shares written in its legend. */
export function DonutChart({
  slices,
  summary,
  caption,
  nameHeader,
  valueHeader,
  shareHeader,
  center,
  valuesInLegend = false,
}: {
  slices: DonutSlice[];
  summary: string;
  caption: string;
  nameHeader: string;
  valueHeader: string;
  shareHeader: string;
  /** In the hole, e.g. the total. */
  center?: string;
  /** The legend writes each value before its share: on paper, where nothing shows on hover. */
  valuesInLegend?: boolean;
}) {
  const { shown, targetProps } = useTip();
  return (
    <div className="@container">
      <figure className="flex flex-col items-center gap-4 @xs:flex-row">
        <Plot summary={summary} targetProps={targetProps} className="relative size-36 shrink-0 rounded-full">
          <svg viewBox="-50 -50 100 100" className="size-full" aria-hidden="true">
            <circle r={40} fill="none" stroke="var(--muted)" strokeWidth={20} />
            {slices.map((s) => (
              <path
                key={s.key}
                d={s.path}
                fill={s.color}
                data-tip={`${s.label}\n${s.value} · ${s.share}`}
                stroke={shown?.text.startsWith(`${s.label}\n`) ? "var(--foreground)" : "none"}
              />
            ))}
          </svg>
          {center && (
            <span className="pointer-events-none absolute inset-0 flex items-center justify-center text-sm font-semibold tabular-nums">
              {center}
            </span>
          )}
          <Tip shown={shown} />
        </Plot>
        <figcaption>
          <Legend
            items={slices.map((s) => ({
              key: s.key,
              label: s.label,
              color: s.color,
              value: valuesInLegend ? `${s.value} · ${s.share}` : s.share,
              userContent: s.userContent,
            }))}
          />
        </figcaption>
        <ChartTable
          caption={caption}
          columns={[nameHeader, valueHeader, shareHeader]}
          rows={slices.map((s) => ({ key: s.key, header: s.label, cells: [s.value, s.share] }))}
        />
      </figure>
    </div>
  );
}
