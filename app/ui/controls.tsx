import type { ComponentProps, ReactNode } from "react";
import { buttonClass } from "./button";
import { cn } from "./cn";

const control =
  "rounded-md border border-border bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-red-600";

function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}

interface Labelled {
  name: string;
  label: string;
  description?: string;
  error?: string;
}

/** Label above, description or error below, and the ARIA that ties them to the control. */
function LabelledControl({
  name,
  label,
  description,
  error,
  children,
}: Labelled & { children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode }) {
  const describedBy = error ? `${name}-error` : description ? `${name}-description` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      {children({ id: name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {description && !error && (
        <p id={`${name}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </div>
  );
}

/** A labelled native <select>. */
export function SelectField({
  name,
  label,
  description,
  error,
  children,
  ...select
}: ComponentProps<"select"> & Labelled) {
  return (
    <LabelledControl name={name} label={label} description={description} error={error}>
      {(aria) => (
        <select name={name} {...aria} className={cn(control, "h-10 max-w-md")} {...select}>
          {children}
        </select>
      )}
    </LabelledControl>
  );
}

/** A labelled <textarea>. */
export function TextareaField({ name, label, description, error, ...textarea }: ComponentProps<"textarea"> & Labelled) {
  return (
    <LabelledControl name={name} label={label} description={description} error={error}>
      {(aria) => <textarea name={name} {...aria} className={cn(control, "min-h-24 max-w-xl py-2")} {...textarea} />}
    </LabelledControl>
  );
}

/** A switch-looking native checkbox in a bordered row with its label and description. */
export function SwitchRow({
  name,
  label,
  description,
  ...input
}: Omit<ComponentProps<"input">, "type"> & { name: string; label: string; description?: string }) {
  const id = `${name}-switch`;
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-4">
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        )}
      </div>
      <input
        id={id}
        name={name}
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox carries its own checked state; ARIA in HTML says not to repeat it.
        role="switch"
        aria-describedby={description ? `${id}-description` : undefined}
        className="switch"
        {...input}
      />
    </div>
  );
}

/** A group of native radio buttons, each a labelled row (or card, via `renderOption`). */
export function RadioGroupField<T extends string>({
  name,
  legend,
  options,
  value,
  error,
  className,
  onChange,
}: {
  name: string;
  legend: string;
  options: Array<{ value: T; label: string; description?: string; preview?: ReactNode }>;
  value: string;
  error?: string;
  className?: string;
  onChange?: (value: T) => void;
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
              onChange={() => onChange?.(option.value)}
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

/** The submit button of a settings form, saying when it is saving. */
export function SaveButton({ saving, label, savingLabel }: { saving: boolean; label: string; savingLabel: string }) {
  return (
    <button type="submit" className={cn(buttonClass(), "self-start")} disabled={saving} aria-live="polite">
      {saving ? savingLabel : label}
    </button>
  );
}

/** A titled section of a settings page. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-4 border-b border-border pb-8 last:border-b-0">
      <div>
        <h2 className="text-base font-semibold">{title}</h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}
