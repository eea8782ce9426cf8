import { Dialog as Radix } from "radix-ui";
import type { ReactNode, RefObject } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { X } from "~/ui/icons";
import { buttonClass } from "./button";
import { cn } from "./cn";

// Radix Dialog: focus trap, Escape, scroll lock and the ARIA. Loaded by ./dialog.tsx when a dialog first opens.

const PLACEMENT = {
  center: "top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl",
  // A sheet: a panel along the side of the screen.
  right: "inset-y-0 right-0 h-full w-[min(100%,28rem)] border-l",
  left: "inset-y-0 left-0 h-full w-[min(100%,28rem)] border-r",
} as const;

export interface DialogContentProps {
  title: string;
  description?: string;
  side?: keyof typeof PLACEMENT;
  children: ReactNode;
}

/** The open dialog (or sheet): title, optional description, a close button, content. */
export default function DialogModal({
  open,
  onOpenChange,
  returnFocusTo,
  title,
  description,
  side = "center",
  children,
}: DialogContentProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Radix.Content
          className={cn(
            "fixed z-50 flex flex-col gap-4 overflow-y-auto border-border bg-popover p-6 text-popover-foreground shadow-2xl",
            side === "center" && "border",
            PLACEMENT[side],
          )}
          // Without a description Radix wants this said explicitly.
          {...(description ? {} : { "aria-describedby": undefined })}
          // Radix gives the focus back to its own trigger; ours is a plain button (./dialog.tsx).
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1">
              <Radix.Title className="text-lg font-semibold">{title}</Radix.Title>
              {description && (
                <Radix.Description className="text-sm text-muted-foreground">{description}</Radix.Description>
              )}
            </div>
            <Radix.Close className={cn(buttonClass("ghost", "icon"), "-mt-2 -mr-2")} aria-label={t("close")}>
              <X aria-hidden="true" />
            </Radix.Close>
          </div>
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
