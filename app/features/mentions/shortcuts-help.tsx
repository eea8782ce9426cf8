import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Dialog, DialogContent, DialogTrigger } from "~/ui/dialog";

const KEYS = ["j", "k", "o", "s", "e", "?"] as const;

/** The feed's keys listed in a dialog, with the button that opens it (loaded by ./shortcuts.tsx on demand). */
export default function ShortcutsHelp({
  open,
  onOpenChange,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("messages");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger className={className}>{children}</DialogTrigger>
      <DialogContent title={t("shortcuts.title")}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {KEYS.map((key) => (
            <div key={key} className="contents">
              <dt>
                <kbd className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs">{key}</kbd>
              </dt>
              <dd>{t(`shortcuts.${key === "?" ? "help" : key}`)}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
