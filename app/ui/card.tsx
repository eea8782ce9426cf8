import { type ReactNode, useId } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { ArrowDownRight, ArrowRight, ArrowUpRight } from "~/ui/icons";
import { cn } from "./cn";
import { Figure } from "./figure";
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
 * How a figure moved against the period before: `delta` (its sign gives the arrow), the text that says
 * it (e.g. "+12% vs the week before"), and which way is good news for this figure. More mentions are
 * not good or bad in themselves (`neither`); a rising negative share is bad (`down` is better).
 */
export interface StatChange {
  /** null when there is nothing to compare with (then only the text shows). */
  delta: number | null;
  text: string;
  better: "up" | "down" | "neither";
}

/** The one rule: a move in the good direction is better, the other worse; no move, or no good direction, is neutral. */
export function verdict({ delta, better }: Pick<StatChange, "delta" | "better">): "better" | "worse" | "neutral" {
  if (!delta || better === "neither") return "neutral";
  return delta > 0 === (better === "up") ? "better" : "worse";
}

const ARROWS = { up: ArrowUpRight, down: ArrowDownRight, flat: ArrowRight };
const VERDICT_TONE = { better: "positive", worse: "negative", neutral: "neutral" } as const;

/**
 * A key figure: label, value and how it changed: arrow, text, and (coloured and in words) better or worse.
 * A count (`value` as a number) is compact when long, its exact value on hover (ui/figure).
 */
export function StatCard({ label, value, change }: { label: string; value: number | string; change?: StatChange }) {
  const { t } = useTranslation();
  const format = useFormatter();
  const judged = change && verdict(change);
  const Arrow = change?.delta != null && ARROWS[change.delta > 0 ? "up" : change.delta < 0 ? "down" : "flat"];
  return (
    <div className="min-w-0 rounded-xl border border-border bg-card p-4 text-card-foreground sm:p-5">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">
        {typeof value === "number" ? <Figure value={value} format={format} /> : value}
      </p>
      {change && judged && (
        <p className={cn("mt-1 text-xs", TONE_TEXT[VERDICT_TONE[judged]])}>
          {Arrow && <Arrow aria-hidden="true" className="mr-0.5 inline size-3.5 align-[-0.2em]" />}
          {change.text}
          {judged !== "neutral" && <span className="font-semibold"> · {t(`change.${judged}`)}</span>}
        </p>
      )}
    </div>
  );
}
