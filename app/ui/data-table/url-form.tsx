import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useRef, useSyncExternalStore } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { carriedParams, PARAMS } from "~/core/table";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useChangedBeforeHydration } from "~/ui/early-input";
import { useDetailsDismiss } from "~/ui/use-dismiss";

const SEARCH_DELAY_MS = 300;
const noSubscription = () => () => {};

/** False in the server's HTML and during hydration, true once React runs in the browser. */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A GET form that changes the URL. Without JavaScript its Apply button submits it; with JavaScript
 * it submits itself as the user ticks or types (search waits for a pause in typing), and it follows
 * the URL when that changes some other way (links, back and forward). What was typed or ticked before
 * the page hydrated is kept, and sent as if typed then.
 */
export function useUrlForm() {
  const ref = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** A search typed but not yet sent. */
  const typing = useRef(false);
  const submit = useSubmit();
  const { search } = useLocation();
  /** The URL the controls show: on the first render, the server's. */
  const shown = useRef(search);

  // React keeps each control's default at its value in the URL; show it, except what is still being typed.
  // (Assigned one by one, not by form.reset(), so React notices the next change the user makes.)
  useEffect(() => {
    const form = ref.current;
    if (!form || shown.current === search) return;
    shown.current = search;
    for (const control of Array.from(form.elements)) {
      if (typing.current && (control as HTMLInputElement).type === "search") continue;
      if (control instanceof HTMLInputElement) {
        if (control.type === "checkbox") control.checked = control.defaultChecked;
        else control.value = control.defaultValue;
      } else if (control instanceof HTMLSelectElement) {
        for (const option of Array.from(control.options)) option.selected = option.defaultSelected;
      }
    }
  }, [search]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (form: HTMLFormElement, searching: boolean) => {
    clearTimeout(timer.current);
    typing.current = searching;
    const go = () => {
      typing.current = false;
      const data = new FormData();
      // Empty fields (no search, no date) stay out of the URL; the empty column marker is dealt with below.
      for (const [name, value] of new FormData(form))
        if (value !== "" || name === PARAMS.columns) data.append(name, value);
      // The empty "columns" marker only matters when no column is ticked.
      const columns = data.getAll(PARAMS.columns).filter(Boolean);
      if (columns.length) {
        data.delete(PARAMS.columns);
        for (const c of columns) data.append(PARAMS.columns, c);
      }
      void submit(data, { method: "get", preventScrollReset: true, replace: searching });
    };
    if (searching) timer.current = setTimeout(go, SEARCH_DELAY_MS);
    else go();
  };

  useChangedBeforeHydration(ref, (controls) => {
    if (ref.current)
      send(
        ref.current,
        controls.every((control) => control.type === "search"),
      );
  });

  const onChange = (event: FormEvent<HTMLFormElement>) =>
    send(event.currentTarget, (event.target as HTMLInputElement).type === "search");

  // Enter submits at once; a search still waiting must not follow.
  const onSubmit = () => {
    clearTimeout(timer.current);
    typing.current = false;
  };

  return { ref, onChange, onSubmit };
}

/** A GET form on `useUrlForm`, carrying the URL's parameters it does not `own`. */
export function UrlForm({
  owned,
  children,
  ...props
}: Omit<ComponentProps<typeof Form>, "ref" | "method" | "onChange" | "onSubmit"> & { owned: readonly string[] }) {
  const form = useUrlForm();
  const location = useLocation();
  return (
    <Form ref={form.ref} method="get" onChange={form.onChange} onSubmit={form.onSubmit} preventScrollReset {...props}>
      <CarriedParams search={location.search} owned={owned} />
      {children}
    </Form>
  );
}

/** Hidden inputs that carry the rest of the URL's parameters through a GET form. */
export function CarriedParams({ search, owned }: { search: string; owned: readonly string[] }) {
  return carriedParams(search, owned).map(([name, value], i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a parameter may repeat with the same value; order is stable.
    <input key={`${name}=${value}#${i}`} type="hidden" name={name} value={value} />
  ));
}

/** The submit button a GET form needs without JavaScript; with it the form submits itself. */
export function ApplyWithoutScript({ className }: { className?: string }) {
  const { t } = useTranslation("tables");
  if (useHydrated()) return null;
  return (
    <button type="submit" className={cn(buttonClass("outline", "sm"), className)}>
      {t("apply")}
    </button>
  );
}

/** A <details> menu that closes on Escape or a click elsewhere. */
export function Menu({
  summary,
  className,
  onToggle,
  children,
}: {
  summary: ReactNode;
  className?: string;
  /** When it opens or closes. */
  onToggle?: (menu: HTMLDetailsElement) => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(ref);
  return (
    <details ref={ref} className="menu" onToggle={onToggle && ((event) => onToggle(event.currentTarget))}>
      <summary className={cn(buttonClass("outline", "sm"), className)}>{summary}</summary>
      {children}
    </details>
  );
}

/** A date in a filter menu (a period's start or end). */
export function MenuDate({
  name,
  label,
  value,
  invalid = false,
}: {
  name: string;
  label: string;
  value: string | null | undefined;
  invalid?: boolean;
}) {
  return (
    <label className="flex flex-col gap-1 px-2 py-1 text-sm">
      {label}
      <input
        type="date"
        name={name}
        defaultValue={value ?? ""}
        aria-invalid={invalid || undefined}
        className="h-8 rounded-md border border-border bg-background px-2"
      />
    </label>
  );
}

export const checkboxClass = "size-4 shrink-0 cursor-pointer align-middle accent-[var(--primary)]";
