import { type ReactNode, useRef, useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/use-translation";
import { type FormResult, typedValue } from "~/lib/forms";
import { useFormErrors } from "~/ui/use-form-fields";
import { buttonClass, SubmitButton } from "./button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "./dialog";
import { useChangedBeforeHydration } from "./early-input";
import { InputField } from "./field";

/**
 * A destructive action confirmed by typing a text (e.g. the project's name) into the field `confirm`.
 * The server compares it and, when it differs, answers with a FormResult whose error is on `confirm`.
 * Before hydration, and so without JavaScript, the form unfolds in place (<details>); with JavaScript
 * it opens in a dialog.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  submitLabel,
  pendingLabel,
  pending,
  result,
  fields,
}: {
  /** The content of the button that opens it. */
  trigger: ReactNode;
  title: string;
  description: string;
  /** The label of the confirmation field, saying what to type. */
  confirmLabel: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The action's answer when the typed text was wrong. */
  result: FormResult | undefined;
  /** Hidden fields sent along, e.g. `{ intent: "delete" }`. */
  fields: Record<string, string>;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const error = useFormErrors(result).field("confirm");
  // A confirmation typed into the unfolded form before hydration opens the dialog with it.
  const unfolded = useRef<HTMLDetailsElement>(null);
  const [typed, setTyped] = useState<string>();
  useChangedBeforeHydration(unfolded, (controls) => setTyped(controls.find((c) => c.name === "confirm")?.value));
  const form = (
    <Form method="post" className="flex flex-col gap-4">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <InputField
        name="confirm"
        label={confirmLabel}
        autoComplete="off"
        defaultValue={typed ?? typedValue(result, "confirm", "")}
        error={error}
        className="max-w-sm"
      />
      <div className="flex flex-wrap justify-end gap-2">
        {hydrated && (
          <DialogClose type="button" className={buttonClass("outline", "sm")}>
            {t("forms:cancel")}
          </DialogClose>
        )}
        <SubmitButton variant="destructive" size="sm" pending={pending} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );

  if (!hydrated) {
    return (
      <details ref={unfolded} open={Boolean(error)}>
        <summary className={buttonClass("outline", "sm")}>{trigger}</summary>
        <div className="mt-3">{form}</div>
      </details>
    );
  }
  return (
    <Dialog defaultOpen={Boolean(error) || typed !== undefined}>
      <DialogTrigger className={buttonClass("outline", "sm")}>{trigger}</DialogTrigger>
      <DialogContent title={title} description={description}>
        {form}
      </DialogContent>
    </Dialog>
  );
}
