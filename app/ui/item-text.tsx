import type { ReactNode } from "react";

/** A list item's text: its name (someone's words, cut to one line) over a line of detail in small print. */
export function ItemText({ name, detail }: { name: string; detail: ReactNode }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate" data-user-content>
        {name}
      </p>
      <p className="text-xs text-muted-foreground">{detail}</p>
    </div>
  );
}
