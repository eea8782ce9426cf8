import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/ui/button";
import { Trash2 } from "~/ui/icons";
import { Menu } from "./url-form";

/** A bulk action: submits the table's form with this `intent` and the ticked `ids`. */
export function BulkAction({ intent, children }: { intent: string; children: ReactNode }) {
  return (
    <button type="submit" name="intent" value={intent} className={buttonClass("outline", "sm")}>
      {children}
    </button>
  );
}

/** A bulk action that asks first: its button opens a panel that says what happens and confirms. */
export function ConfirmBulkAction({
  intent,
  label,
  description,
  confirm,
}: {
  intent: string;
  label: ReactNode;
  description: string;
  confirm: string;
}) {
  return (
    <Menu summary={label} className="text-danger">
      <div className="menu-panel w-72 max-w-[calc(100vw-2rem)] gap-3 p-3 sm:right-auto sm:left-0">
        <p className="text-sm">{description}</p>
        <button type="submit" name="intent" value={intent} className={buttonClass("destructive", "sm")}>
          {confirm}
        </button>
      </div>
    </Menu>
  );
}

/** Deleting the ticked rows, asked first; its texts are the namespace's `bulk.delete`, `bulk.deleteDescription` and `bulk.deleteConfirm`. */
export function BulkDelete({ ns }: { ns: string }) {
  const { t } = useTranslation(ns);
  return (
    <ConfirmBulkAction
      intent="delete"
      label={
        <>
          <Trash2 aria-hidden="true" />
          {t("bulk.delete")}
        </>
      }
      description={t("bulk.deleteDescription")}
      confirm={t("bulk.deleteConfirm")}
    />
  );
}
