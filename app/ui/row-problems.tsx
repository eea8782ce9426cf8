import { useFormatter } from "~/lib/format";
import { PlainTable } from "./plain-table";

/** An uploaded file's rows that cannot be taken, each by its number in the file, and what is wrong with it. */
export function RowProblems({
  caption,
  rowLabel,
  problemLabel,
  problems,
}: {
  caption: string;
  rowLabel: string;
  problemLabel: string;
  problems: Array<{ row: number; problem: string }>;
}) {
  const format = useFormatter();
  return (
    <PlainTable
      caption={caption}
      headings={[rowLabel, problemLabel]}
      rows={problems.map(({ row, problem }) => ({
        key: `${row}:${problem}`,
        cells: [
          <span key="row" className="tabular-nums">
            {format.number(row)}
          </span>,
          problem,
        ],
      }))}
    />
  );
}
