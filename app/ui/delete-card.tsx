import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { FormResult } from "~/lib/forms";
import { Trash2 } from "~/ui/icons";
import { Card } from "./card";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * The danger zone at the foot of a detail page: deleting asks for a name typed to confirm. Its texts are
 * the namespace's `delete.*` keys; `description` and `confirmLabel` come translated, as they take values.
 */
export function DeleteCard({
  ns,
  description,
  confirmLabel,
  pending,
  result,
  children,
}: {
  ns: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  result: FormResult | undefined;
  /** Shown between the description and the button, e.g. why the last try failed. */
  children?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <Card title={t("delete.title")} danger className="mt-10">
      <p className="mb-3 text-sm text-muted-foreground">{description}</p>
      {children}
      <ConfirmDialog
        trigger={
          <>
            <Trash2 aria-hidden="true" />
            {t("delete.start")}
          </>
        }
        title={t("delete.title")}
        description={description}
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
