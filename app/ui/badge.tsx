import type { ReactNode } from "react";
import type { IconComponent } from "~/ui/icons";
import { cn } from "./cn";
import { TONE_SOFT, type Tone } from "./tone";

/** A short label on a tint of its tone; an icon says it too, for those who cannot tell the colours apart. */
export function Badge({
  tone = "neutral",
  icon: Icon,
  className,
  children,
}: {
  tone?: Tone;
  icon?: IconComponent;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium",
        TONE_SOFT[tone],
        className,
      )}
    >
      {Icon && <Icon aria-hidden="true" className="size-3.5" />}
      {children}
    </span>
  );
}
