import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * While `busy` (a job running, a link being waited for), the page's data is read again every `everyMs`, so the
 * result shows up on its own. A read still on its way is not asked for twice.
 */
export function useRevalidateWhile(busy: boolean, everyMs: number) {
  const revalidator = useRevalidator();
  // The revalidator's identity changes each render: the timer reads the latest one instead of restarting.
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (latest.current.state === "idle") void latest.current.revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [busy, everyMs]);
}
