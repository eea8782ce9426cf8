import type { FormEvent, SyntheticEvent } from "react";
import { NavLink, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/ui/cn";
import { ChevronRight, PanelLeftClose, PanelLeftOpen } from "~/ui/icons";
import { NAV_GROUPS, type NavItem } from "./nav";
import { ProjectSwitcher, type SwitcherProject } from "./project-switcher";

export const DRAWER_ID = "nav-drawer";

/** The collapsed state, showing a pending toggle at once (optimistic). */
export function useSidebarCollapsed(saved: boolean): boolean {
  const fetcher = useFetcher({ key: "sidebar" });
  const pending = fetcher.formData?.get("collapsed");
  return pending ? pending === "true" : saved;
}

function NavEntry({ item, collapsed }: { item: NavItem; collapsed: boolean }) {
  const { t } = useTranslation("navigation");
  const label = t(item.key);
  if (item.disabled) {
    return (
      <li>
        <span className="nav-link" aria-disabled="true" title={`${label} · ${t("common:disabled")}`}>
          <item.icon aria-hidden="true" />
          <span className="nav-label">{label}</span>
        </span>
      </li>
    );
  }
  return (
    <li>
      <NavLink to={item.to} end={item.end} prefetch="intent" className="nav-link" title={collapsed ? label : undefined}>
        <item.icon aria-hidden="true" />
        <span className="nav-label">{label}</span>
      </NavLink>
    </li>
  );
}

/**
 * A section opened near the bottom of a short window would push the rest of its group (Help center) under the
 * footer: the list scrolls just enough to show the whole group.
 */
function revealGroup(event: SyntheticEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  const nav = details.closest(".sidebar-nav");
  const group = details.closest("section");
  if (!details.open || !nav || !group) return;
  const hidden = group.getBoundingClientRect().bottom - nav.getBoundingClientRect().bottom;
  if (hidden > 0) nav.scrollTop += hidden + 8;
}

function NavSection({ item, collapsed }: { item: NavItem; collapsed: boolean }) {
  const { t } = useTranslation("navigation");
  const { pathname } = useLocation();
  const children = item.children ?? [];
  if (collapsed) return <NavEntry item={item} collapsed />;
  const active = children.some((child) => pathname === child.to || pathname.startsWith(`${child.to}/`));
  return (
    <li>
      <details className="nav-section" open={active} onToggle={revealGroup}>
        <summary className="nav-link">
          <item.icon aria-hidden="true" />
          <span className="nav-label">{t(item.key)}</span>
          <ChevronRight aria-hidden="true" className="nav-chevron ml-auto" />
        </summary>
        <ul className="nav-sublist">
          {children.map((child) => (
            <NavEntry key={child.to} item={child} collapsed={false} />
          ))}
        </ul>
      </details>
    </li>
  );
}

export function AppSidebar({
  collapsed,
  workspaceName,
  projects,
  activeProjectId,
}: {
  collapsed: boolean;
  workspaceName: string;
  projects: SwitcherProject[];
  activeProjectId: string | null;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher({ key: "sidebar" });
  const version = useRouteLoaderData<{ version: string }>("root")?.version ?? "";

  function toggle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fetcher.submit({ collapsed: String(!collapsed) }, { method: "post", action: "/resources/sidebar" });
  }

  return (
    <aside className="sidebar" aria-label={t("navigation:mainNavigation")}>
      <div className="sidebar-header">
        <ProjectSwitcher workspaceName={workspaceName} projects={projects} activeProjectId={activeProjectId} />
        <label htmlFor={DRAWER_ID} className="drawer-close" title={t("sidebar.close")}>
          <PanelLeftClose aria-hidden="true" />
          <span className="sr-only">{t("sidebar.close")}</span>
        </label>
      </div>
      <nav className="sidebar-nav">
        {NAV_GROUPS.map((group) => (
          <section key={group.key} aria-labelledby={`nav-${group.key}`}>
            <h2 id={`nav-${group.key}`} className="nav-group-label">
              {t(`navigation:groups.${group.key}`)}
            </h2>
            <ul>
              {group.items.map((item) =>
                item.children ? (
                  <NavSection key={item.key} item={item} collapsed={collapsed} />
                ) : (
                  <NavEntry key={item.key} item={item} collapsed={collapsed} />
                ),
              )}
            </ul>
          </section>
        ))}
      </nav>
      <div className="sidebar-footer">
        <form method="post" action="/resources/sidebar" onSubmit={toggle} className="collapse-toggle">
          <input type="hidden" name="collapsed" value={String(!collapsed)} />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button
            type="submit"
            className={cn("nav-link w-full")}
            aria-label={collapsed ? t("sidebar.expand") : t("sidebar.collapse")}
            title={collapsed ? t("sidebar.expand") : t("sidebar.collapse")}
          >
            {collapsed ? <PanelLeftOpen aria-hidden="true" /> : <PanelLeftClose aria-hidden="true" />}
            <span className="nav-label">{t("sidebar.collapse")}</span>
          </button>
        </form>
        <p className="nav-label px-2 text-xs text-muted-foreground">{t("version", { version })}</p>
      </div>
    </aside>
  );
}
