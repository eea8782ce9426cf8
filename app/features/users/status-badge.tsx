import type { PublicUser } from "~/core/auth-contract";
import { useTranslation } from "~/i18n/use-translation";
import { Badge } from "~/ui/badge";
import { CircleCheck, CircleSlash } from "~/ui/icons";

export function UserStatusBadge({ status }: { status: PublicUser["status"] }) {
  const { t } = useTranslation("users");
  return (
    <Badge tone={status === "active" ? "success" : "neutral"} icon={status === "active" ? CircleCheck : CircleSlash}>
      {t(`status.${status}`)}
    </Badge>
  );
}
