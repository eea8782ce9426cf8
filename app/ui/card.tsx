import { ArrowDownRight, ArrowRight, ArrowUpRight } from "lucide-react";
import { type ReactNode, useId } from "react";
import { cn } from "./cn";
import { TONE_TEXT } from "./tone";

/** A bordered surface. With a `title` it is a section named by its heading (a landmark region). */
export function Card({
  title,
  action,
  danger,
  className,
  children,
}: {
  title?: string;
  /** Shown beside the title, e.g. a link to more. */
  action?: ReactNode;
  /** The danger zone: a red border and title. */
  danger?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const Tag = title ? "section" : "div";
  return (
    <Tag
      aria-labelledby={title ? id : undefined}
      className={cn(
        "rounded-xl border border-border bg-card p-5 text-card-foreground",
        danger && "border-danger/40",
        className,
      )}
    >
      {title && (
        <div className="mb-3 flex items-start justify-between gap-2">
          <h2 id={id} className={cn("font-semibold", danger && "text-danger")}>
            {title}
          </h2>
          {action}
        </div>
      )}
      {children}
    </Tag>
  );
}

/**
 * How a number moved: the text says it (e.g. "+12% vs previous period"), the arrow shows the
 * direction, and `good` says which direction is good news (colours it blue, the other orange).
 */
export interface StatChange {
  text: string;
  direction?: "up" | "down" | "flat";
  good?: "up" | "down";
}

const ARROWS = { up: ArrowUpRight, down: ArrowDownRight, flat: ArrowRight };

/** A key figure: label, value and how it changed. */
export function StatCard({ label, value, change }: { label: string; value: ReactNode; change?: StatChange }) {
  const Arrow = change?.direction ? ARROWS[change.direction] : undefined;
  const tone =
    !change?.good || !change.direction || change.direction === "flat"
      ? "neutral"
      : change.direction === change.good
        ? "positive"
        : "negative";
  return (
    <div className="rounded-xl border border-border bg-card p-5 text-card-foreground">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      {change && (
        <p className={cn("mt-1 flex items-center gap-1 text-xs", TONE_TEXT[tone])}>
          {Arrow && <Arrow aria-hidden="true" className="size-3.5 shrink-0" />}
          {change.text}
        </p>
      )}
    </div>
  );
}
