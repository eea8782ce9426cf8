import { type ComponentType, lazy } from "react";

/**
 * A component that few views of a page show, whose code the browser fetches only when one does: while it
 * hydrates a page the server rendered with it, or when it first appears. Render it inside `<Suspense>`.
 * The server renders it at once from `rendered`, which callers pass as `import.meta.env.SSR ? Component :
 * null`, so that the browser's build drops the static import and keeps only `load` (docs/decisions/013).
 */
export function onDemand<P extends object>(
  rendered: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  return rendered ?? lazy(() => load().then((component) => ({ default: component })));
}
