import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { CircleAlert } from "~/ui/icons";
import { cn } from "./cn";
import { Checkbox, Input, Select, Textarea } from "./input";

interface Labelled {
  name: string;
  label: string;
  hint?: string;
  error?: string;
}

type Aria = { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** A field's error, in the danger colour. */
export function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm text-danger">
      {children}
    </p>
  );
}

/** Label above, hint or error below, and the ARIA that ties them to the control. */
export function Field({
  name,
  label,
  hint,
  error,
  className,
  children,
}: Labelled & { className?: string; children: (aria: Aria) => ReactNode }) {
  const describedBy = error ? `${name}-error` : hint ? `${name}-hint` : undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      {children({ id: name, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && !error && (
        <p id={`${name}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </div>
  );
}

export function InputField({ name, label, hint, error, className, ...input }: ComponentProps<"input"> & Labelled) {
  return (
    <Field name={name} label={label} hint={hint} error={error} className={className}>
      {(aria) => <Input {...aria} {...input} />}
    </Field>
  );
}

/** An e-mail address (`name="email"`), with an example address as its placeholder. */
export function EmailField(
  props: Omit<ComponentProps<"input">, "name" | "type" | "placeholder"> & Omit<Labelled, "name">,
) {
  const { t } = useTranslation("auth");
  return <InputField name="email" type="email" placeholder={t("emailPlaceholder")} {...props} />;
}

export function TextareaField({
  name,
  label,
  hint,
  error,
  className,
  ...textarea
}: ComponentProps<"textarea"> & Labelled) {
  return (
    <Field name={name} label={label} hint={hint} error={error} className={className}>
      {(aria) => <Textarea {...aria} {...textarea} />}
    </Field>
  );
}

export function SelectField({ name, label, hint, error, className, ...select }: ComponentProps<"select"> & Labelled) {
  return (
    <Field name={name} label={label} hint={hint} error={error} className={className}>
      {(aria) => <Select {...aria} {...select} />}
    </Field>
  );
}

/** A switch-looking native checkbox in a bordered row with its label and hint. */
export function SwitchField({
  name,
  label,
  hint,
  ...input
}: Omit<ComponentProps<"input">, "type"> & { name: string; label: string; hint?: string }) {
  const id = `${name}-switch`;
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-4">
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
      <input
        id={id}
        name={name}
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox carries its own checked state; ARIA in HTML says not to repeat it.
        role="switch"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="switch"
        {...input}
      />
    </div>
  );
}

/** A group of checkboxes drawn as chips, all sending `name`. */
export function CheckboxGroup({
  name,
  legend,
  hint,
  options,
  checked,
  error,
  autoFocus,
}: {
  name: string;
  legend: string;
  hint?: string;
  options: Array<{ value: string; label: string; lang?: string }>;
  checked: readonly string[];
  error?: string;
  /** Focuses the first box (a form's first invalid field, without JavaScript). */
  autoFocus?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <div className="flex flex-wrap gap-2">
        {options.map((option, index) => (
          <Checkbox
            key={option.value}
            name={name}
            value={option.value}
            aria-invalid={error ? true : undefined}
            autoFocus={autoFocus && index === 0}
            label={option.label}
            lang={option.lang}
            defaultChecked={checked.includes(option.value)}
            className="rounded-md border border-border px-3 py-2 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          />
        ))}
      </div>
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </fieldset>
  );
}

/** A group of native radio buttons, each a labelled card. */
export function RadioGroupField<T extends string>({
  name,
  legend,
  options,
  value,
  error,
  className,
}: {
  name: string;
  legend: string;
  options: Array<{ value: T; label: string; description?: string; preview?: ReactNode }>;
  value: string;
  error?: string;
  className?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className={cn("grid gap-2", className)}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:ring-1 has-[:checked]:ring-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={value === option.value}
              className="mt-0.5 accent-[var(--primary)]"
            />
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              {option.preview}
              <span className="text-sm font-medium">{option.label}</span>
              {option.description && <span className="text-sm text-muted-foreground">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </fieldset>
  );
}

/** A label only screen readers hear, for a control whose place and placeholder say what it is. */
export function HiddenLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="sr-only">
      {children}
    </label>
  );
}

/** Said once by a screen reader when the form comes back with errors; each field says its own. */
export function ErrorSummary({ children }: { children: string }) {
  return (
    <p role="alert" className="sr-only">
      {children}
    </p>
  );
}

/** The error of a whole form, announced when it appears. */
export function FormError({ children }: { children?: string }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}
