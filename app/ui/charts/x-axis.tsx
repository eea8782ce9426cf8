import { cn } from "~/ui/cn";
import { axisLabels } from "./scale";

/**
 * The category labels under a plot: every `every`-th, thinned by the chart's width (`axisLabels`) so they
 * never overlap; the first flush left, the last flush right, the others centred under their category.
 */
export function XAxis({ labels, every, valueChars }: { labels: string[]; every: number; valueChars: number }) {
  const n = labels.length;
  return (
    <div aria-hidden="true" data-x-axis className="relative mt-1.5 h-4 text-xs whitespace-nowrap text-muted-foreground">
      {axisLabels(labels, { every, valueChars }).map(({ index, className }) => (
        <span
          key={index}
          className={cn("absolute", className)}
          style={
            index === n - 1
              ? { right: 0 }
              : index === 0
                ? { left: 0 }
                : { left: `${((index + 0.5) / n) * 100}%`, transform: "translateX(-50%)" }
          }
        >
          {labels[index]}
        </span>
      ))}
    </div>
  );
}
