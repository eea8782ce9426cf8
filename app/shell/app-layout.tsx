import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from "react";
import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { Role } from "~/core/auth-contract";
import { useTranslation } from "~/i18n/use-translation";
import { AppHeader } from "./app-header";
import { AppSidebar, DRAWER_ID, useSidebarCollapsed } from "./app-sidebar";
import { useRevalidateOnFocus } from "./use-revalidate-on-focus";
import { ZoneNotice, type ZoneNoticeData } from "./zone-notice";

const loadPalette = () => import("./command-palette");
const CommandPalette = lazy(loadPalette);

/**
 * Ctrl/Cmd+K pressed while the page still loads: this inline script (first in the layout's markup)
 * remembers it, and the layout opens the palette as soon as it hydrates.
 */
const EARLY_SHORTCUT = `addEventListener("keydown",window.__k=e=>{if((e.ctrlKey||e.metaKey)&&!e.altKey&&e.key.toLowerCase()=="k"){e.preventDefault();__k.p=1}})`;
type EarlyShortcut = ((event: KeyboardEvent) => void) & { p?: 1 };

export interface LayoutData {
  projects: Array<{ id: string; name: string; color: string }>;
  activeProjectId: string | null;
  user: { displayName: string; email: string; roles: Role[] };
  sidebarCollapsed: boolean;
  workspaceName: string;
  unreadNotifications: number;
  /** The browser is in another zone than the saved one (and the reader has not kept the saved one). */
  zoneNotice: ZoneNoticeData | null;
}

/** The signed-in layout: sidebar, header with search and switchers, the page, the palette. */
export function AppLayout({ loaderData, bell }: { loaderData: LayoutData; bell: ReactNode }) {
  const { t } = useTranslation();
  const collapsed = useSidebarCollapsed(loaderData.sidebarCollapsed);
  useRevalidateOnFocus();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [paletteWanted, setPaletteWanted] = useState(false);
  const location = useLocation();
  const nonce = useRouteLoaderData<{ nonce?: string }>("root")?.nonce;

  const openPalette = useCallback(() => {
    setPaletteWanted(true);
    setPaletteOpen(true);
  }, []);

  useEffect(() => {
    const early = (window as { __k?: EarlyShortcut }).__k;
    if (early) {
      removeEventListener("keydown", early);
      delete (window as { __k?: EarlyShortcut }).__k;
      if (early.p) openPalette();
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        setPaletteWanted(true);
        setPaletteOpen((open) => !open);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [openPalette]);

  // A phone's navigation drawer closes once the user has gone somewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page on purpose.
  useEffect(() => {
    const drawer = document.getElementById(DRAWER_ID) as HTMLInputElement | null;
    if (drawer) drawer.checked = false;
  }, [location.pathname]);

  return (
    <div className="app-shell" data-collapsed={collapsed}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no user content. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_SHORTCUT }} />
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      <AppSidebar
        collapsed={collapsed}
        workspaceName={loaderData.workspaceName}
        projects={loaderData.projects}
        activeProjectId={loaderData.activeProjectId}
      />
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the backdrop closes the drawer; the header button names it. */}
      <label htmlFor={DRAWER_ID} className="drawer-backdrop" aria-hidden="true" />
      <div className="app-main">
        <AppHeader
          user={loaderData.user}
          bell={bell}
          onSearch={openPalette}
          onSearchIntent={() => void loadPalette()}
        />
        {loaderData.zoneNotice && <ZoneNotice notice={loaderData.zoneNotice} />}
        <main id="main" className="app-content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {paletteWanted && (
        <Suspense fallback={null}>
          <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} projects={loaderData.projects} />
        </Suspense>
      )}
    </div>
  );
}
