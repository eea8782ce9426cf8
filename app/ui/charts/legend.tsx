export interface LegendItem {
  key: string;
  label: string;
  color: string;
  /** A line's dash pattern (SVG `stroke-dasharray`): the swatch is then a line sample. */
  dash?: string;
  /** Shown after the label, e.g. the share. */
  value?: string;
  /** The label is the user's words (a project's name), not ours: the language walk-through skips it. */
  userContent?: boolean;
}

/** A chart's legend: a swatch (a square, or a line sample for lines) and the label of each series. */
export function Legend({ items }: { items: LegendItem[] }) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-1">
          {item.dash === undefined ? (
            <span
              aria-hidden="true"
              className="inline-block size-2.5 shrink-0 rounded-sm"
              style={{ background: item.color }}
            />
          ) : (
            <svg aria-hidden="true" viewBox="0 0 16 4" className="h-1 w-4 shrink-0 overflow-visible">
              <line x1={0} x2={16} y1={2} y2={2} stroke={item.color} strokeWidth={2} strokeDasharray={item.dash} />
            </svg>
          )}
          <span data-user-content={item.userContent ? "" : undefined}>{item.label}</span>
          {item.value && <span className="font-medium text-foreground tabular-nums">{item.value}</span>}
        </li>
      ))}
    </ul>
  );
}
