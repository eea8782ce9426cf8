import { requireReader, servicesOf } from "~/core/context.server";
import { NotificationBell } from "~/features/alerts/notification-bell";
import { unreadNotifications } from "~/features/alerts/notifications.server";
import { requireUserMiddleware } from "~/features/auth/guard.server";
import { layoutProjects } from "~/features/projects/layout-projects.server";
import { zoneNotice } from "~/features/settings/time-zones.server";
import { readSidebarCollapsed } from "~/lib/sidebar.server";
import { AppLayout, type LayoutData } from "~/shell/app-layout";
import { MinimalErrorPage, statusOf } from "~/shell/error-page";
import type { Route } from "./+types/_app";

export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

export async function loader({ request, context }: Route.LoaderArgs): Promise<LayoutData> {
  const reader = requireReader(context);
  const [visible, unread] = await Promise.all([
    layoutProjects(context),
    unreadNotifications(servicesOf(context), reader),
  ]);
  const projects = visible.map(({ id, name, color }) => ({ id, name, color }));
  const active = reader.activeProjectId;
  return {
    projects,
    // A project the reader can no longer see (or one deleted since) falls back to "all projects".
    activeProjectId: projects.some((p) => p.id === active) ? active : null,
    user: { displayName: reader.displayName, email: reader.email, roles: reader.roles },
    sidebarCollapsed: await readSidebarCollapsed(request),
    workspaceName: servicesOf(context).env.WORKSPACE_NAME,
    unreadNotifications: unread,
    zoneNotice: zoneNotice(request.headers.get("Cookie"), reader.timeZone, reader.language),
  };
}

export default function Layout({ loaderData }: Route.ComponentProps) {
  return <AppLayout loaderData={loaderData} bell={<NotificationBell unread={loaderData.unreadNotifications} />} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="app-content">
      <MinimalErrorPage status={statusOf(error)} />
    </main>
  );
}
