import { NavLink } from "react-router";
import type { IconComponent } from "~/ui/icons";
import { cn } from "./cn";

/**
 * Tabs that are links: each tab is a URL, so the chosen tab survives a reload, a shared link and
 * JavaScript being off. The current one is marked with aria-current="page".
 */
export function Tabs({
  label,
  items,
  className,
  wrap = false,
}: {
  label: string;
  items: Array<{ to: string; label: string; icon?: IconComponent; end?: boolean }>;
  className?: string;
  /** Tabs that do not fit go to a second row (every tab in sight), rather than scrolling sideways. */
  wrap?: boolean;
}) {
  return (
    <nav aria-label={label} className={cn("border-b border-border", className)}>
      <ul className={cn("-mb-px flex gap-1", wrap ? "flex-wrap" : "scroll-hint overflow-x-auto")}>
        {items.map(({ to, label: text, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              prefetch="intent"
              className="flex h-10 items-center gap-2 border-b-2 border-transparent px-3 text-sm whitespace-nowrap text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:border-primary aria-[current=page]:font-medium aria-[current=page]:text-foreground [&_svg]:size-4"
            >
              {Icon && <Icon aria-hidden="true" />}
              {text}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
