import type { TFunction } from "i18next";
import { type RefObject, useEffect } from "react";
import { useFormAction, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";

/** Something to say: a translation key, or a service's own text when we have no key for it. */
export type Message = { key: string } | { text: string };

/**
 * What every form action sends back when it does not redirect: what was typed (so nothing is lost;
 * passwords are never sent back), an error per field and one for the whole form. Errors are
 * translation keys; `useFormErrors` says them in the page's language.
 */
export interface FormResult {
  values?: Record<string, string | string[]>;
  fieldErrors?: Record<string, string>;
  formError?: Message;
}

export function translateMessage(t: TFunction, message: Message): string {
  return "key" in message ? t(message.key) : message.text;
}

/** The errors of a form result, translated: `field(name)` and `form`. */
export function translateErrors(t: TFunction, result: FormResult | undefined) {
  return {
    field: (name: string): string | undefined => {
      const key = result?.fieldErrors?.[name];
      return key ? t(key) : undefined;
    },
    form: result?.formError ? translateMessage(t, result.formError) : undefined,
  };
}

export function useFormErrors(result: FormResult | undefined) {
  const { t } = useTranslation();
  return translateErrors(t, result);
}

/** A text value typed into the form that came back, else the stored one. */
export function typedValue(result: FormResult | undefined, name: string, stored: string): string {
  const value = result?.values?.[name];
  return value === undefined ? stored : Array.isArray(value) ? value.join("\n") : value;
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

/** After a client-side submit that came back with field errors, the first invalid field takes the focus. */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, result: FormResult | undefined) {
  useEffect(() => {
    if (result?.fieldErrors) form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [form, result]);
}

/**
 * True while this route's form is being submitted as a navigation (not a fetcher); with `intent`,
 * only when the submission carries that intent (several forms posting to one action).
 */
export function useIsPending(intent?: string): boolean {
  const navigation = useNavigation();
  const action = useFormAction();
  return (
    navigation.state === "submitting" &&
    navigation.formAction === action &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}
