import type { Segment } from "~/core/search";

/** Text with its search and matched words marked; each part is rendered as text (escaped), never as HTML. */
export function Highlighted({ segments }: { segments: Segment[] }) {
  return segments.map((s, i) =>
    s.mark ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are a fixed cut of one text.
      <mark key={i} className="rounded-sm bg-highlight px-0.5 text-highlight-foreground">
        {s.text}
      </mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above.
      <span key={i}>{s.text}</span>
    ),
  );
}
