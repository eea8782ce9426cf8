import type { ReactNode } from "react";
import type { IconComponent } from "~/ui/icons";

/** What a list or page shows when there is nothing yet: an icon, a sentence and what to do about it. */
export function EmptyState({ icon: Icon, text, action }: { icon?: IconComponent; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border p-8 text-center">
      {Icon && (
        <span className="grid size-10 place-items-center rounded-full bg-muted text-muted-foreground">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      )}
      <p className="max-w-prose text-muted-foreground">{text}</p>
      {action}
    </div>
  );
}
