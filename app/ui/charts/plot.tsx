import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "~/ui/cn";

/**
 * A chart's picture: one focusable image named by `summary`, whose tooltip (`targetProps` of useTip or
 * useChartTooltip) follows the pointer and the keyboard over the parts drawn inside.
 */
export function Plot({
  summary,
  targetProps,
  className,
  children,
}: {
  summary: string;
  targetProps: HTMLAttributes<HTMLElement>;
  /** Its box: size and position. */
  className: string;
  children: ReactNode;
}) {
  return (
    <div
      {...targetProps}
      role="img"
      aria-label={summary}
      className={cn(className, "outline-offset-4 focus-visible:outline-2 focus-visible:outline-ring")}
    >
      {children}
    </div>
  );
}

/** An SVG stretched over its box, `width` × `height` units (e.g. one per category × percent). */
export function PlotSvg({
  width,
  height,
  className = "size-full overflow-visible",
  children,
}: {
  width: number;
  height: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className={className} aria-hidden="true">
      {children}
    </svg>
  );
}

/** A horizontal line across a plot `width` units wide: a grid line, or the zero line (`zero`). */
export function Rule({ y, width, zero = false }: { y: number; width: number; zero?: boolean }) {
  return (
    <line
      x1={0}
      x2={width}
      y1={y}
      y2={y}
      stroke={zero ? "var(--muted-foreground)" : "var(--border)"}
      vectorEffect="non-scaling-stroke"
    />
  );
}

/** How wide the value axis is, in `ch`: its longest label and a little room. */
export function valueAxisWidth(values: number[], formatValue: (value: number) => string) {
  return Math.max(...values.map((v) => formatValue(v).length)) + 0.5;
}

/** The value labels left of a plot, each at its tick's height (`y`, percent from the top). */
export function ValueAxis({
  ticks,
  width,
  formatValue,
}: {
  ticks: Array<{ value: number; y: number }>;
  /** From `valueAxisWidth`. */
  width: number;
  formatValue: (value: number) => string;
}) {
  return (
    <div aria-hidden="true" className="relative h-40 text-xs text-muted-foreground tabular-nums @xl:h-56">
      <div style={{ width: `${width}ch` }} />
      {ticks.map((t) => (
        <span key={t.value} className="absolute right-0 -translate-y-1/2 leading-none" style={{ top: `${t.y}%` }}>
          {formatValue(t.value)}
        </span>
      ))}
    </div>
  );
}
