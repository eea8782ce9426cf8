import { type KeyboardEvent, type PointerEvent, useState } from "react";

/** Where a key moves the tooltip: to an index, away (null), or nowhere (undefined: not our key). */
function afterKey(key: string, index: number, length: number): number | null | undefined {
  if (key === "ArrowLeft") return index - 1;
  if (key === "ArrowRight") return index + 1;
  if (key === "Home") return 0;
  if (key === "End") return length - 1;
  if (key === "Escape") return null;
  return undefined;
}

/**
 * Which category of a chart the tooltip shows: the one under the pointer, or, from the keyboard, the
 * last one on focus and then ← → Home End. Nothing is shown before hydration (the table has the numbers).
 */
export function useChartTooltip(length: number) {
  const [active, setActive] = useState<number | null>(null);
  const clamp = (index: number) => Math.min(length - 1, Math.max(0, index));
  const fromPointer = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setActive(clamp(Math.floor(((event.clientX - box.left) / box.width) * length)));
  };
  return {
    active,
    targetProps: {
      tabIndex: 0,
      onPointerMove: fromPointer,
      onPointerDown: fromPointer,
      onPointerLeave: () => setActive(null),
      onFocus: () => setActive(length - 1),
      onBlur: () => setActive(null),
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        const next = afterKey(event.key, active ?? length - 1, length);
        if (next === undefined) return;
        event.preventDefault();
        setActive(next === null ? null : clamp(next));
      },
    },
  };
}
