import { useEffect, useRef, useState } from "react";
import { useTheme } from "remix-themes";
import { useTranslation } from "~/i18n/use-translation";
import type { FlashToast } from "~/lib/toast.server";

export const TOAST_DURATION_MS = 3000;
export const VISIBLE_TOASTS = 3;

type ToastKind = FlashToast["type"];
type Sonner = typeof import("sonner");

// Toasts wait here until sonner (loaded on first use, to keep it off the first page load) is mounted.
const queue: Array<[ToastKind, string]> = [];
let wake: (() => void) | undefined;

/** Shows a toast (bottom-right, 3 s); sonner is fetched the first time one is needed. */
export function showToast(kind: ToastKind, message: string) {
  queue.push([kind, message]);
  wake?.();
}

/**
 * Sonner at the bottom-right (3 s, 3 visible, Alt+T focuses them). A toast carried across a
 * redirect in the flash cookie is shown once; without JavaScript it is printed in place.
 */
export function Toaster({ flash }: { flash: FlashToast | null }) {
  const { t } = useTranslation();
  const [theme] = useTheme();
  const [sonner, setSonner] = useState<Sonner | null>(null);
  const [pending, setPending] = useState(0);
  const shownFlash = useRef<FlashToast | null>(null);
  const message = flash ? t(flash.key, flash.values) : null;

  useEffect(() => {
    wake = () => (sonner ? setPending((n) => n + 1) : void import("sonner").then(setSonner));
    if (queue.length) wake();
    return () => {
      wake = undefined;
    };
  }, [sonner]);

  useEffect(() => {
    if (!flash || !message || shownFlash.current === flash) return;
    shownFlash.current = flash;
    showToast(flash.type, message);
  }, [flash, message]);

  // Runs after sonner's <Toaster> (a child) has subscribed, so nothing queued is lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `pending` only signals new queue entries.
  useEffect(() => {
    if (!sonner) return;
    for (const [kind, text] of queue.splice(0)) sonner.toast[kind](text);
  }, [sonner, pending]);

  return (
    <>
      {sonner && (
        <sonner.Toaster
          position="bottom-right"
          duration={TOAST_DURATION_MS}
          visibleToasts={VISIBLE_TOASTS}
          hotkey={["altKey", "KeyT"]}
          containerAriaLabel={t("toastSection")}
          theme={theme ?? "system"}
          richColors
          closeButton
        />
      )}
      {message && (
        <noscript>
          <p role="status" className="noscript-toast">
            {message}
          </p>
        </noscript>
      )}
    </>
  );
}
