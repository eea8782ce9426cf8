import type { Formatter } from "~/lib/format";

/**
 * A count on a KPI card: compact when long ("3.25M", `format.compact`), with the exact value on hover (a
 * `title`, no JavaScript needed); screen readers read the exact value instead of the short one.
 */
export function Figure({ value, format }: { value: number; format: Pick<Formatter, "number" | "compact"> }) {
  const exact = format.number(value);
  const short = format.compact(value);
  if (short === exact) return exact;
  return (
    <data value={value} title={exact}>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{exact}</span>
    </data>
  );
}
