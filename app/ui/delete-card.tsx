import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { type FormResult, useIsPending } from "~/lib/forms";
import { Trash2 } from "~/ui/icons";
import { Card } from "./card";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * The danger zone at the foot of a detail page: deleting asks for a name typed to confirm. Its texts are
 * the namespace's `delete.*` keys; `confirmLabel`, and a `description` that takes values, come translated.
 */
export function DeleteCard({
  ns,
  description,
  confirmLabel,
  result,
  children,
}: {
  ns: string;
  description?: string;
  confirmLabel: string;
  result: FormResult | undefined;
  /** Shown between the description and the button, e.g. why the last try failed. */
  children?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const pending = useIsPending("delete");
  const text = description ?? t("delete.description");
  return (
    <Card title={t("delete.title")} danger className="mt-10">
      <p className="mb-3 text-sm text-muted-foreground">{text}</p>
      {children}
      <ConfirmDialog
        trigger={
          <>
            <Trash2 aria-hidden="true" />
            {t("delete.start")}
          </>
        }
        title={t("delete.title")}
        description={text}
        confirmLabel={confirmLabel}
        submitLabel={t("delete.submit")}
        pendingLabel={t("delete.deleting")}
        pending={pending}
        result={result}
        fields={{ intent: "delete" }}
      />
    </Card>
  );
}
