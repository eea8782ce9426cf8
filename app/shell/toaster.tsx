import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useTheme } from "remix-themes";
import { Toaster as Sonner, toast } from "sonner";
import type { FlashToast } from "~/lib/toast.server";

export const TOAST_DURATION_MS = 3000;
export const VISIBLE_TOASTS = 3;

/**
 * Sonner at the bottom-right (3 s, 3 visible, Alt+T focuses them). A toast carried across a
 * redirect in the flash cookie is shown once; without JavaScript it is printed in place.
 */
export function Toaster({ flash }: { flash: FlashToast | null }) {
  const { t } = useTranslation();
  const [theme] = useTheme();
  const message = flash ? t(flash.key, flash.values) : null;

  useEffect(() => {
    if (flash && message) toast[flash.type](message);
  }, [flash, message]);

  return (
    <>
      <Sonner
        position="bottom-right"
        duration={TOAST_DURATION_MS}
        visibleToasts={VISIBLE_TOASTS}
        hotkey={["altKey", "KeyT"]}
        containerAriaLabel={t("toastSection")}
        theme={theme ?? "system"}
        richColors
        closeButton
      />
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
