import { CircleCheck, CircleSlash } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "~/features/auth/contract";
import { Badge } from "~/ui/badge";

export function UserStatusBadge({ status }: { status: PublicUser["status"] }) {
  const { t } = useTranslation("users");
  return (
    <Badge tone={status === "active" ? "success" : "neutral"} icon={status === "active" ? CircleCheck : CircleSlash}>
      {t(`status.${status}`)}
    </Badge>
  );
}
