import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";

/** A 2 px bar at the top of the page while a navigation is pending; it completes when done. */
export function ProgressBar() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<"idle" | "running" | "done">("idle");

  useEffect(() => {
    if (busy) return setPhase("running");
    setPhase((current) => (current === "running" ? "done" : current));
    const timer = setTimeout(() => setPhase("idle"), 400);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <div
      role="progressbar"
      aria-hidden={phase === "idle"}
      aria-label={t("loading")}
      data-phase={phase}
      className="progress-bar pointer-events-none fixed inset-x-0 top-0 z-[100] h-0.5"
    >
      <div className="h-full bg-primary" />
    </div>
  );
}
