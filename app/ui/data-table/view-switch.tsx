import { Link, useLocation } from "react-router";
import { withParams } from "~/core/table";
import { cn } from "~/ui/cn";
import type { IconComponent } from "~/ui/icons";

/**
 * A choice of how a table's rows are shown (the first option, the table, is the default), kept in the URL's
 * `view`. `resetPage` for a view that shows every row at once (a board), where a page number means nothing.
 */
export function ViewSwitch<V extends string>({
  label,
  view,
  options,
  resetPage = false,
}: {
  label: string;
  view: V;
  options: ReadonlyArray<{ value: V; label: string; icon: IconComponent }>;
  resetPage?: boolean;
}) {
  const location = useLocation();
  return (
    <nav aria-label={label} className="flex rounded-md border border-border p-0.5">
      {options.map(({ value, label, icon: Icon }, index) => (
        <Link
          key={value}
          to={withParams(location.search, { view: index === 0 ? null : value, ...(resetPage && { page: null }) })}
          preventScrollReset
          aria-current={view === value ? "page" : undefined}
          className={cn(
            "inline-flex h-7 items-center gap-1.5 rounded px-2 text-sm text-muted-foreground hover:text-foreground [&_svg]:size-4",
            view === value && "bg-accent font-medium text-accent-foreground",
          )}
        >
          <Icon aria-hidden="true" />
          {label}
        </Link>
      ))}
    </nav>
  );
}
