import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/ui/button";
import { useHydrated } from "~/ui/data-table/url-form";
import { Keyboard } from "~/ui/icons";

// The list of keys and its dialog load when first asked for ("?" or the button), not with the feed.
const loadHelp = () => import("./shortcuts-help");
const ShortcutsHelp = lazy(loadHelp);

function typingIn(target: EventTarget | null) {
  const element = target as HTMLElement | null;
  return Boolean(element?.closest("input, textarea, select, [contenteditable=true], [role=dialog]"));
}

/** The mention the keys act on: the focused one, else the one open in the side panel. */
function currentItem(): HTMLElement | null {
  const focused = document.activeElement?.closest<HTMLElement>("[data-feed-item]");
  return focused ?? document.querySelector<HTMLElement>('[data-feed-item][aria-current="true"]');
}

/**
 * The feed's keys: j / k move through the mentions, o opens one, s stars it, e archives it, ? lists them.
 * They act by focusing and clicking the page's own links and buttons, so each does what the mouse does.
 */
export function FeedShortcuts({ canTriage }: { canTriage: boolean }) {
  const { t } = useTranslation("messages");
  const [helpOpen, setHelpOpen] = useState(false);
  const [helpWanted, setHelpWanted] = useState(false);
  const hydrated = useHydrated();
  const openHelp = () => {
    setHelpWanted(true);
    setHelpOpen(true);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      if (event.key === "?") {
        setHelpWanted(true);
        setHelpOpen(true);
        return;
      }
      const items = [...document.querySelectorAll<HTMLElement>("[data-feed-item]")];
      if (items.length === 0) return;
      const current = currentItem();
      const index = current ? items.indexOf(current) : -1;
      const press = (selector: string) => current?.querySelector<HTMLElement>(selector)?.click();
      switch (event.key) {
        case "j":
          items[Math.min(items.length - 1, index + 1)]?.focus();
          break;
        case "k":
          items[Math.max(0, index - 1)]?.focus();
          break;
        case "o":
          press("[data-open]");
          break;
        case "s":
          if (canTriage) press('[data-shortcut="s"]');
          break;
        case "e":
          if (canTriage) press('[data-shortcut="e"]');
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [canTriage]);

  // Keys need JavaScript: without it there is nothing to list.
  if (!hydrated) return null;
  const label = (
    <>
      <Keyboard aria-hidden="true" />
      {t("shortcuts.title")}
    </>
  );
  const className = `${buttonClass("ghost", "sm")} mt-2 max-md:hidden`;
  const button = (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={openHelp}
      onPointerEnter={() => void loadHelp()}
      onFocus={() => void loadHelp()}
    >
      {label}
    </button>
  );
  if (!helpWanted) return button;
  return (
    <Suspense fallback={button}>
      <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} className={className}>
        {label}
      </ShortcutsHelp>
    </Suspense>
  );
}
