import { useTranslation } from "~/i18n/use-translation";
import { Badge } from "~/ui/badge";
import { CirclePause, CirclePlay } from "~/ui/icons";

export function StatusBadge({ status }: { status: "active" | "paused" }) {
  const { t } = useTranslation("projects");
  return (
    <Badge tone={status === "active" ? "success" : "neutral"} icon={status === "active" ? CirclePlay : CirclePause}>
      {t(`status.${status}`)}
    </Badge>
  );
}
