import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { authCallContext } from "~/features/auth/guard.server";
import { listProjects } from "~/features/projects/projects.server";
import { usersTable } from "~/features/users/list";
import { usersTablePage } from "~/features/users/list.server";
import { listUsers } from "~/features/users/users.server";
import { UsersPage } from "~/features/users/users-page";
import { PageErrorBoundary } from "~/shell/error-page";
import { parseTableState } from "~/ui/data-table/parse";
import type { Route } from "./+types/_app.users._index";

export async function loader({ context, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "users.manage");
  const services = servicesOf(context);
  const [users, projects] = await Promise.all([
    listUsers(services, authCallContext(context)),
    listProjects(services, reader),
  ]);
  const spec = usersTable(projects.map((p) => p.id));
  const page = await usersTablePage(found(users), parseTableState(spec, url.searchParams));
  return {
    ...page,
    projects: projects.map((p) => ({ id: p.id, name: p.name })),
    now: new Date().toISOString(),
  };
}

export default function Users({ loaderData }: Route.ComponentProps) {
  return <UsersPage loaderData={loaderData} />;
}

export const ErrorBoundary = PageErrorBoundary;
