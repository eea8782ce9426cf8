import { type RefObject, useEffectEvent, useLayoutEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * Input given before hydration (docs/architecture.md, Budgets: nothing typed is lost). On a slow network a
 * person types, ticks and chooses in the server's HTML before React takes over. React keeps an input's and a select's
 * value while it hydrates, but it fires no change events for them, and it puts a textarea back to its
 * default. These helpers find what changed and hand it to the page once it is hydrated.
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function changed(control: Element): control is Control {
  if (control instanceof HTMLInputElement) {
    return control.type === "checkbox" || control.type === "radio"
      ? control.checked !== control.defaultChecked
      : control.value !== control.defaultValue;
  }
  if (control instanceof HTMLSelectElement) {
    const options = Array.from(control.options);
    if (control.multiple) return options.some((option) => option.selected !== option.defaultSelected);
    // A single select with no option marked shows its first.
    return (
      control.selectedIndex !==
      Math.max(
        0,
        options.findIndex((option) => option.defaultSelected),
      )
    );
  }
  return control instanceof HTMLTextAreaElement && control.value !== control.defaultValue;
}

/** The controls in `root` whose value is no longer the one the server rendered. */
export function changedControls(root: ParentNode): Control[] {
  return Array.from(root.querySelectorAll("input, select, textarea")).filter(changed);
}

/**
 * Once hydrated, calls `onChanged` with the controls in `ref` changed before hydration (none: no call). It
 * runs before anything else re-renders them, so a controlled control's state can take their value first.
 */
export function useChangedBeforeHydration(
  ref: RefObject<HTMLElement | null>,
  onChanged: (controls: Control[]) => void,
) {
  const report = useEffectEvent(onChanged);
  useLayoutEffect(() => {
    const controls = ref.current ? changedControls(ref.current) : [];
    if (controls.length > 0) report(controls);
  }, [ref]);
}

/**
 * Keeps what was typed into the server's copy of the textarea with this id: read while hydrating, before
 * React resets it to its default, and put back once hydrated.
 */
export function useTextareaKeepsTyping(id: string | undefined) {
  const hydrated = useHydrated();
  const [typed] = useState(() => {
    // Only while hydrating: a textarea mounted later is new, and an old one with its id may still be on screen.
    if (typeof document === "undefined" || !id || hydrated) return undefined;
    const element = document.getElementById(id);
    return element instanceof HTMLTextAreaElement && changed(element) ? element.value : undefined;
  });
  useLayoutEffect(() => {
    const element = id && typed !== undefined ? document.getElementById(id) : null;
    if (element instanceof HTMLTextAreaElement) element.value = typed as string;
  }, [id, typed]);
}
