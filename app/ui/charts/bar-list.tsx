import type { ReactNode } from "react";
import { Tip, useTip } from "./tip";

export interface BarRow {
  key: string;
  /** The name cell: text or a link (e.g. to the feed filtered on this row). */
  label: ReactNode;
  /** Bar length in percent of the longest (from `barLengths`). */
  length: number;
  /** The bar split into parts (e.g. by sentiment), each in proportion to its value; one part if absent. */
  parts?: Array<{ key: string; value: number; color: string }>;
  color?: string;
  /** Visible value cells, in the order of `columns`. */
  cells: string[];
  tip: string;
}

/**
 * A ranked list drawn as horizontal bars (top sources, authors, terms, languages…). It is a real table:
 * the name, an SVG bar, then the numbers, so it needs no hidden copy for screen readers.
 */
export function BarList({
  caption,
  nameHeader,
  columns,
  rows,
  empty,
  headings = false,
}: {
  caption: string;
  nameHeader: string;
  columns: string[];
  rows: BarRow[];
  empty: string;
  /** Column headings shown (a printed report, where no tooltip says what the numbers are); else for readers only. */
  headings?: boolean;
}) {
  const { shown, targetProps } = useTip();
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  // The table is readable as it is: the tooltip (each row's `data-tip`) only follows the pointer.
  const { onPointerMove, onPointerDown, onPointerLeave } = targetProps;
  return (
    <div
      className="relative"
      onPointerMove={onPointerMove}
      onPointerDown={onPointerDown}
      onPointerLeave={onPointerLeave}
    >
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">{caption}</caption>
        {/* A fixed table takes its widths from here: the numbers narrow, the name the rest. */}
        <colgroup>
          <col />
          {columns.map((c) => (
            <col key={c} className="w-14 sm:w-[4.5rem]" />
          ))}
        </colgroup>
        <thead className={headings ? "bar-list-headings text-xs text-muted-foreground" : "sr-only"}>
          <tr>
            <th scope="col" className="pb-1 text-left font-normal">
              {nameHeader}
            </th>
            {columns.map((c) => (
              <th key={c} scope="col" className="pb-1 pl-2 text-right font-normal">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const total = row.parts?.reduce((sum, p) => sum + p.value, 0) ?? 0;
            let x = 0;
            return (
              <tr key={row.key} data-tip={row.tip} className="align-middle">
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  <div className="break-words">{row.label}</div>
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 100 4"
                    preserveAspectRatio="none"
                    className="mt-1 block h-1.5 w-full"
                  >
                    <rect x={0} y={0} width={100} height={4} fill="var(--muted)" rx={1} />
                    {row.parts && total > 0 ? (
                      row.parts.map((p) => {
                        const width = (p.value / total) * row.length;
                        const part = <rect key={p.key} x={x} y={0} width={width} height={4} fill={p.color} />;
                        x += width;
                        return part;
                      })
                    ) : (
                      <rect x={0} y={0} width={row.length} height={4} fill={row.color ?? "var(--series-1)"} />
                    )}
                  </svg>
                </th>
                {row.cells.map((cell, i) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order.
                    key={i}
                    className={`py-1 pl-2 text-right text-xs tabular-nums ${i === 0 ? "font-medium text-foreground" : "text-muted-foreground"}`}
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <Tip shown={shown} />
    </div>
  );
}
