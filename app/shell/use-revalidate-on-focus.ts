import { useEffect, useRef } from "react";
import { useLocation, useNavigation, useRevalidator } from "react-router";

const STALE_MS = 10_000;

/**
 * SPEC §7's query defaults in server-rendered form: when the window comes back into view and the page's
 * data is older than 10 s, its loaders run again. A page showing 401 or 403 is not asked again.
 */
export function useRevalidateOnFocus() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const location = useLocation();
  const loadedAt = useRef(Date.now());
  const idle = navigation.state === "idle" && revalidator.state === "idle";

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location or a finished load is fresh data.
  useEffect(() => {
    if (idle) loadedAt.current = Date.now();
  }, [idle, location.key]);

  useEffect(() => {
    const onFocus = () => {
      if (document.visibilityState !== "visible" || !idle) return;
      if (Date.now() - loadedAt.current < STALE_MS) return;
      if (document.querySelector('[data-error-status="401"], [data-error-status="403"]')) return;
      loadedAt.current = Date.now();
      void revalidator.revalidate();
    };
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onFocus);
    return () => {
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onFocus);
    };
  }, [idle, revalidator]);
}
