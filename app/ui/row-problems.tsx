import { useFormatter } from "~/lib/format";

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
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {rowLabel}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {problemLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {problems.map(({ row, problem }) => (
            <tr key={`${row}:${problem}`} className="border-t border-border">
              <td className="px-3 py-2 tabular-nums">{format.number(row)}</td>
              <td className="px-3 py-2">{problem}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
