import type { ComponentProps } from "react";
import { cn } from "./cn";
import { useTextareaKeepsTyping } from "./early-input";

// scroll-mt: a control focused or scrolled to (first invalid field, anchor) stays clear of the sticky
// header with its label above it.
const control =
  "w-full scroll-mt-24 rounded-md border border-border bg-background px-3 text-sm outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger aria-invalid:ring-danger/30";

/** Native form controls in the house style; `aria-invalid` draws them in the danger colour. */
export function Input({ className, ...input }: ComponentProps<"input">) {
  return <input className={cn(control, "h-10", className)} {...input} />;
}

/** Give it an `id` (fields do): what is typed before hydration is kept by it. */
export function Textarea({ className, ...textarea }: ComponentProps<"textarea">) {
  useTextareaKeepsTyping(textarea.id);
  return <textarea className={cn(control, "min-h-24 py-2", className)} {...textarea} />;
}

export function Select({ className, ...select }: ComponentProps<"select">) {
  return <select className={cn(control, "h-10", className)} {...select} />;
}

/** A native checkbox with its label beside it (clicking the label ticks it). */
export function Checkbox({
  label,
  lang,
  className,
  ...input
}: Omit<ComponentProps<"input">, "type"> & { label: string }) {
  return (
    <label className={cn("flex cursor-pointer items-center gap-2 text-sm", className)}>
      <input type="checkbox" className="size-4 shrink-0 scroll-mt-24 accent-[var(--primary)]" {...input} />
      <span lang={lang}>{label}</span>
    </label>
  );
}
