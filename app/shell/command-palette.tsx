import { Command } from "cmdk";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { useNavigate, useSubmit } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { THEME_CHOICES } from "~/lib/theme";
import { LogOut } from "~/ui/icons";
import { flatNavItems, NAV_GROUPS } from "./nav";
import { PaletteAssistant } from "./palette-assistant";
import { PaletteHelp } from "./palette-help";
import { PaletteMentions } from "./palette-mentions";
import { PaletteTasks } from "./palette-tasks";
import type { SwitcherProject } from "./project-switcher";
import { THEME_ICONS, useThemeChoice } from "./theme-switcher";

/** Ctrl/Cmd+K: every navigation item and the themes. Loaded on first use (see AppLayout). */
export default function CommandPalette({
  open,
  onOpenChange,
  projects,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projects: SwitcherProject[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const [, setTheme] = useThemeChoice();
  const [query, setQuery] = useState("");

  // The palette closes first, then the command runs.
  function run(command: () => void) {
    onOpenChange(false);
    command();
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="palette fixed top-[15vh] left-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 overflow-hidden rounded-xl border border-border bg-popover text-popover-foreground shadow-2xl">
          <Dialog.Title className="sr-only">{t("commandPalette")}</Dialog.Title>
          <Dialog.Description className="sr-only">{t("commandPaletteDescription")}</Dialog.Description>
          <Command label={t("commandPalette")}>
            <Command.Input
              placeholder={t("typeCommand")}
              className="palette-input"
              value={query}
              onValueChange={setQuery}
            />
            <Command.List className="palette-list max-h-[min(18rem,60vh)] overflow-y-auto p-1">
              <Command.Empty className="py-6 text-center text-sm text-muted-foreground">
                {t("noResultsFound")}
              </Command.Empty>
              {NAV_GROUPS.map((group) => (
                <Command.Group key={group.key} heading={t(`navigation:groups.${group.key}`)}>
                  {flatNavItems(group).map((item) => (
                    <Command.Item
                      key={item.to}
                      value={`${item.to} ${t(`navigation:${item.key}`)}`}
                      disabled={item.disabled}
                      onSelect={() => run(() => navigate(item.to))}
                    >
                      <item.icon aria-hidden="true" />
                      {t(`navigation:${item.key}`)}
                    </Command.Item>
                  ))}
                </Command.Group>
              ))}
              {projects.length > 0 && (
                <Command.Group heading={t("navigation:projects")}>
                  {projects.map((p) => (
                    <Command.Item
                      key={p.id}
                      value={`project ${p.name}`}
                      onSelect={() => run(() => navigate(`/projects/${p.id}`))}
                    >
                      <span
                        className="inline-block size-2.5 shrink-0 rounded-full"
                        style={{ background: p.color }}
                        aria-hidden="true"
                      />
                      {p.name}
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              <Command.Group heading={t("navigation:groups.theme")}>
                {THEME_CHOICES.map((choice) => {
                  const Icon = THEME_ICONS[choice];
                  return (
                    <Command.Item
                      key={choice}
                      value={`theme ${t(`theme.${choice}`)}`}
                      onSelect={() => run(() => setTheme(choice))}
                    >
                      <Icon aria-hidden="true" />
                      {t(`theme.${choice}`)}
                    </Command.Item>
                  );
                })}
              </Command.Group>
              <Command.Group heading={t("auth:userMenu")}>
                <Command.Item
                  value={`sign out ${t("auth:signOut")}`}
                  onSelect={() => run(() => submit(null, { method: "post", action: "/sign-out" }))}
                >
                  <LogOut aria-hidden="true" />
                  {t("auth:signOut")}
                </Command.Item>
              </Command.Group>
              <PaletteMentions query={query} onOpen={(to) => run(() => navigate(to))} />
              <PaletteAssistant
                query={query}
                onAsk={(question) =>
                  run(() => submit({ question, mode: "stream" }, { method: "post", action: "/ai-assistant?index" }))
                }
              />
              <PaletteHelp query={query} onOpen={(to) => run(() => navigate(to))} />
              <PaletteTasks query={query} onOpen={(to) => run(() => navigate(to))} />
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
