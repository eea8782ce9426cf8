import { useTranslation } from "react-i18next";
import { cn } from "~/ui/cn";

export function StatusBadge({ status }: { status: "active" | "paused" }) {
  const { t } = useTranslation("projects");
  return (
    <span
      className={cn(
        "shrink-0 rounded-full px-2 py-0.5 text-xs font-medium",
        status === "active" ? "bg-green-600/15 text-green-800 dark:text-green-300" : "bg-muted text-muted-foreground",
      )}
    >
      {t(`status.${status}`)}
    </span>
  );
}
