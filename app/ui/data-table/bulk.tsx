import type { ReactNode } from "react";
import { buttonClass } from "../button";
import { cn } from "../cn";
import { Menu } from "./url-form";

/** A bulk action: submits the table's form with this `intent` and the ticked `ids`. */
export function BulkAction({ intent, children }: { intent: string; children: ReactNode }) {
  return (
    <button type="submit" name="intent" value={intent} className={buttonClass("outline", "sm")}>
      {children}
    </button>
  );
}

const destructive = "bg-red-600 text-white hover:bg-red-700 dark:bg-red-700 dark:hover:bg-red-600";

/** A bulk action that asks first: its button opens a panel that says what happens and confirms. */
export function ConfirmBulkAction({
  intent,
  label,
  description,
  confirm,
}: {
  intent: string;
  label: ReactNode;
  description: string;
  confirm: string;
}) {
  return (
    <Menu summary={label} className="text-red-700 dark:text-red-400">
      <div className="menu-panel w-72 max-w-[calc(100vw-2rem)] gap-3 p-3 sm:right-auto sm:left-0">
        <p className="text-sm">{description}</p>
        <button type="submit" name="intent" value={intent} className={cn(buttonClass("default", "sm"), destructive)}>
          {confirm}
        </button>
      </div>
    </Menu>
  );
}
