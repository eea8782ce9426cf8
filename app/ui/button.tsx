import type { ComponentProps } from "react";
import { cn } from "./cn";

const variants = {
  default: "bg-primary text-primary-foreground hover:bg-primary/90",
  outline: "border border-border bg-background hover:bg-accent hover:text-accent-foreground",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  destructive: "bg-danger text-danger-foreground hover:bg-danger/90",
} as const;

const sizes = {
  default: "h-9 px-4 py-2",
  sm: "h-8 px-3 text-xs",
  icon: "size-9",
} as const;

export type ButtonVariant = keyof typeof variants;

/** Button styles, for <button>, links and <summary> alike. */
export function buttonClass(variant: ButtonVariant = "default", size: keyof typeof sizes = "default") {
  return cn(
    "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors",
    "outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
    "disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
    variants[variant],
    sizes[size],
  );
}

/** A form's submit button; while the form is on its way it is disabled and says so. */
export function SubmitButton({
  pending,
  pendingLabel,
  variant,
  size,
  className,
  children,
  ...button
}: ComponentProps<"button"> & {
  pending: boolean;
  pendingLabel: string;
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
}) {
  return (
    <button
      type="submit"
      className={cn(buttonClass(variant, size), "self-start", className)}
      disabled={pending}
      aria-live="polite"
      {...button}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
