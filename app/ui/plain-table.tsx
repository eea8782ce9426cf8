import type { ReactNode } from "react";

/**
 * A small read-only table in a bordered box that scrolls sideways: an upload's first rows, or its rows that cannot
 * be taken. `userContent` marks headings and cells as the user's own text (kept as typed by the translator).
 */
export function PlainTable({
  caption,
  headings,
  rows,
  userContent = false,
}: {
  caption?: string;
  headings: readonly ReactNode[];
  /** Each row's key and cells, in the headings' order. */
  rows: ReadonlyArray<{ key: string; cells: readonly ReactNode[] }>;
  userContent?: boolean;
}) {
  const own = userContent ? { "data-user-content": true } : {};
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-muted/50">
          <tr>
            {headings.map((heading, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: headings are positional.
              <th key={i} scope="col" className="whitespace-nowrap px-3 py-2 font-medium" {...own}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, cells }) => (
            <tr key={key} className="border-t border-border align-top">
              {cells.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                <td key={i} className="max-w-64 px-3 py-2" {...own}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An upload's first rows as read, each cell cut to three lines. */
export function UploadPreview({
  caption,
  columns,
  rows,
}: {
  caption?: string;
  columns: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
}) {
  return (
    <PlainTable
      caption={caption}
      headings={columns}
      userContent
      rows={rows.map((cells, r) => ({
        key: String(r),
        cells: cells.map((cell, c) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
          <span key={c} className="line-clamp-3 break-words">
            {cell}
          </span>
        )),
      }))}
    />
  );
}
