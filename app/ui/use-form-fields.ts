// The form kit's hooks that speak: a form result's errors in the page's language, and an edit form's fields.
import { useTranslation } from "~/i18n/use-translation";
import { type FormResult, translateErrors, typedValue } from "~/lib/forms";

export function useFormErrors(result: FormResult | undefined) {
  const { t } = useTranslation();
  return translateErrors(t, result);
}

/**
 * An edit form's fields, each from its name: what came back typed, else the stored value (a list, one item
 * a line); its translated error; and, on the first invalid field in `order` (the form's order), the focus
 * in the server's HTML, for a browser without JavaScript. Spread `field(name)` on an InputField,
 * TextareaField or SelectField.
 */
export function useFormFields<Stored extends { [K in keyof Stored]: string | number | readonly string[] }>(
  result: FormResult | undefined,
  order: readonly string[],
  stored?: Stored,
) {
  const errors = useFormErrors(result);
  const firstInvalid = order.find((name) => errors.field(name));
  const value = (name: string) => {
    const kept = (stored as Record<string, string | number | readonly string[]> | undefined)?.[name] ?? "";
    return typedValue(result, name, typeof kept === "object" ? kept.join("\n") : String(kept));
  };
  return {
    errors,
    value,
    focus: (name: string) => firstInvalid === name || undefined,
    field: (name: string) => ({
      name,
      autoFocus: firstInvalid === name || undefined,
      defaultValue: value(name),
      error: errors.field(name),
    }),
  };
}
