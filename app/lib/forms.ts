import type { TFunction } from "i18next";
import { type RefObject, useEffect } from "react";
import { useFormAction, useNavigation } from "react-router";

/** Something to say: a translation key, or a service's own text when we have no key for it. */
export type Message = { key: string } | { text: string };

/**
 * What every form action sends back when it does not redirect: what was typed (so nothing is lost;
 * passwords are never sent back), an error per field and one for the whole form. Errors are
 * translation keys; `useFormErrors` (ui/use-form-fields) says them in the page's language.
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

/** A text value typed into the form that came back, else the stored one. */
export function typedValue(result: FormResult | undefined, name: string, stored: string): string {
  const value = result?.values?.[name];
  return value === undefined ? stored : Array.isArray(value) ? value.join("\n") : value;
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
