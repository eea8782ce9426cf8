import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { requireReader, servicesOf } from "~/core/context.server";
import { MarkAllRead, NotificationList } from "~/features/alerts/notification-list";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadNotifications,
} from "~/features/alerts/notifications.server";
import { useTranslation } from "~/i18n/use-translation";
import { readForm } from "~/lib/form-body.server";
import { parseForm } from "~/lib/forms.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { Card } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { BellOff } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.notifications";

/** The user's notifications; the bell loads the same data into its popover. */
export async function loader({ context }: Route.LoaderArgs) {
  const reader = requireReader(context);
  const services = servicesOf(context);
  const [items, unread] = await Promise.all([
    listNotifications(services, reader),
    unreadNotifications(services, reader),
  ]);
  return { items, unread };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.uuid() }),
  z.object({ intent: z.literal("read-all") }),
]);

/** Marks one notification, or all of them, read; then back to the page the form was on. */
export async function action({ request, context }: Route.ActionArgs) {
  const reader = requireReader(context);
  const services = servicesOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, actionSchema);
  if (!parsed.success) throw data(null, { status: 400 });
  const back = safeRedirect(form.get("redirectTo"), "/notifications");
  if (parsed.data.intent === "read") {
    await markNotificationRead(services, reader, parsed.data.id);
    return redirect(back);
  }
  await markAllNotificationsRead(services, reader);
  return redirectWithToast(services.env, back, { type: "success", key: "dashboard:notifications.markedAll" });
}

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const { items, unread } = loaderData;
  return (
    <>
      <PageHeader help="notifications" title={t("notifications.title")} description={t("notifications.description")} />
      {items.length === 0 ? (
        <EmptyState
          icon={BellOff}
          text={t("notifications.empty")}
          action={
            <Link to="/settings/notifications" className="text-sm font-medium underline underline-offset-4">
              {t("notifications.preferences")}
            </Link>
          }
        />
      ) : (
        <Card
          title={t("notifications.unread", { count: unread })}
          action={unread > 0 ? <MarkAllRead /> : undefined}
          className="max-w-3xl"
        >
          <NotificationList items={items} />
          <Link
            to="/settings/notifications"
            className="mt-3 inline-block text-sm text-muted-foreground underline underline-offset-4"
          >
            {t("notifications.preferences")}
          </Link>
        </Card>
      )}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
