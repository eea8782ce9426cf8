import { useRef } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { ChevronsUpDown, Layers, Radar } from "~/ui/icons";
import { MenuChoice } from "~/ui/menu-choice";
import { useDetailsDismiss } from "~/ui/use-dismiss";

export interface SwitcherProject {
  id: string;
  name: string;
  color: string;
}

/**
 * The sidebar's workspace and project switcher: the workspace (self-hosted), then "All projects" and
 * the user's projects. Choosing is a plain form post that stores the choice as a preference.
 */
export function ProjectSwitcher({
  workspaceName,
  projects,
  activeProjectId,
}: {
  workspaceName: string;
  projects: SwitcherProject[];
  activeProjectId: string | null;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(menu);
  const active = projects.find((p) => p.id === activeProjectId) ?? null;

  return (
    <details ref={menu} className="menu min-w-0 flex-1">
      <summary
        className="workspace w-full hover:bg-accent"
        title={`${workspaceName} · ${active?.name ?? t("projects:switcher.all")}`}
      >
        <span className="workspace-logo" aria-hidden="true">
          <Radar />
        </span>
        <span className="nav-label flex min-w-0 flex-1 flex-col leading-tight">
          <span className="truncate font-semibold">{workspaceName}</span>
          <span className="truncate text-xs text-muted-foreground">{active?.name ?? t("projects:switcher.all")}</span>
        </span>
        <ChevronsUpDown aria-hidden="true" className="nav-label ml-auto size-4 shrink-0 text-muted-foreground" />
        <span className="sr-only">{t("projects:switcher.choose")}</span>
      </summary>
      <form
        method="post"
        action="/resources/active-project"
        className="menu-panel left-0 right-auto max-h-[70vh] w-64 overflow-y-auto"
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <p className="menu-label">
          {workspaceName} · {t("workspace.plan")}
        </p>
        <MenuChoice name="projectId" value="" chosen={!active} icon={<Layers aria-hidden="true" />} truncate>
          {t("projects:switcher.all")}
        </MenuChoice>
        {projects.map((p) => (
          <MenuChoice
            key={p.id}
            name="projectId"
            value={p.id}
            chosen={active?.id === p.id}
            icon={
              <span
                className="inline-block size-2.5 shrink-0 rounded-full"
                style={{ background: p.color }}
                aria-hidden="true"
              />
            }
            truncate
          >
            {p.name}
          </MenuChoice>
        ))}
      </form>
    </details>
  );
}
