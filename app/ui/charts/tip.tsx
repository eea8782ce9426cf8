import { type KeyboardEvent, type PointerEvent, useState } from "react";

interface Shown {
  text: string;
  /** Centre and top of the element, in percent of the chart's box. */
  x: number;
  y: number;
  index: number;
}

const TARGETS = "[data-tip]";

/** Where a key moves the tooltip among `n` parts from `i`; undefined for other keys. */
function moveBy(key: string): ((i: number, n: number) => number) | undefined {
  if (key === "ArrowLeft" || key === "ArrowUp") return (i) => i - 1;
  if (key === "ArrowRight" || key === "ArrowDown") return (i) => i + 1;
  if (key === "Home") return () => 0;
  if (key === "End") return (_, n) => n - 1;
  return undefined;
}

/**
 * The tooltip of a chart whose parts carry their own text in `data-tip` (written on the server, lines
 * separated by newlines): the part under the pointer, or from the keyboard the first on focus and then
 * the arrows, Home and End. Nothing shows before hydration; the chart's table has the numbers.
 */
export function useTip() {
  const [shown, setShown] = useState<Shown | null>(null);
  const show = (box: HTMLElement, index: number) => {
    const targets = [...box.querySelectorAll<HTMLElement | SVGElement>(TARGETS)];
    const target = targets[Math.min(targets.length - 1, Math.max(0, index))];
    if (!target) return setShown(null);
    const outer = box.getBoundingClientRect();
    const inner = target.getBoundingClientRect();
    setShown({
      text: target.dataset.tip ?? "",
      x: ((inner.left + inner.width / 2 - outer.left) / outer.width) * 100,
      y: ((inner.top - outer.top) / outer.height) * 100,
      index: targets.indexOf(target),
    });
  };
  const onPointer = (event: PointerEvent<HTMLElement>) => {
    const target = (event.target as Element).closest(TARGETS);
    if (!target) return setShown(null);
    const targets = [...event.currentTarget.querySelectorAll(TARGETS)];
    show(event.currentTarget, targets.indexOf(target));
  };
  return {
    shown,
    targetProps: {
      tabIndex: 0,
      onPointerMove: onPointer,
      onPointerDown: onPointer,
      onPointerLeave: () => setShown(null),
      onFocus: (event: { currentTarget: HTMLElement }) => show(event.currentTarget, 0),
      onBlur: () => setShown(null),
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (event.key === "Escape") return setShown(null);
        const move = moveBy(event.key);
        if (!move) return;
        event.preventDefault();
        const n = event.currentTarget.querySelectorAll(TARGETS).length;
        show(event.currentTarget, move(shown?.index ?? 0, n));
      },
    },
  };
}

/** The tooltip itself: a polite live region placed over the part it describes. */
export function Tip({ shown }: { shown: Shown | null }) {
  return (
    <div
      aria-live="polite"
      className={
        shown
          ? "pointer-events-none absolute z-10 min-w-max rounded-md border border-border bg-popover px-2.5 py-1.5 text-xs whitespace-pre-line text-popover-foreground shadow-md"
          : undefined
      }
      style={shown ? { left: `${shown.x}%`, top: `${shown.y}%`, translate: `-${shown.x}% -100%` } : undefined}
    >
      {shown?.text}
    </div>
  );
}
