import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A list with a side panel (the feed's mention, the tasks' sheet) does not reload when an item merely opens
 * or closes in the panel: the path changes, the search stays, no form was sent.
 */
export function keepListBesidePanel({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const panelOnly = currentUrl.pathname !== nextUrl.pathname && currentUrl.search === nextUrl.search;
  if (!formMethod && panelOnly) return false;
  return defaultShouldRevalidate;
}
