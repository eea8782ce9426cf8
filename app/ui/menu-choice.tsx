import type { ReactNode } from "react";
import { cn } from "./cn";
import { Check } from "./icons";

/**
 * One choice in a menu that is a form (a language, a theme, a project): a submit button posting
 * `name=value`, pressed and ticked when it is the current one.
 */
export function MenuChoice({
  name,
  value,
  chosen,
  icon,
  lang,
  truncate = false,
  children,
}: {
  name: string;
  value: string;
  chosen: boolean;
  icon?: ReactNode;
  /** The label's language, when it is not the page's. */
  lang?: string;
  /** Cut a long label to one line (names users give). */
  truncate?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" name={name} value={value} lang={lang} className="menu-item" aria-pressed={chosen}>
      {icon}
      <span className={cn("flex-1", truncate && "truncate")}>{children}</span>
      {chosen && <Check aria-hidden="true" />}
    </button>
  );
}
