import { requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { can } from "~/core/permissions";
import { authCallContext } from "~/features/auth/guard.server";
import { PROJECT_BULK_INTENTS, projectsTable } from "~/features/projects/list";
import { bulkUpdateProjects, listProjectsTable } from "~/features/projects/list.server";
import { projectMembers } from "~/features/projects/members.server";
import { ProjectsPage } from "~/features/projects/projects-page";
import { readForm } from "~/lib/form-body.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { parseBulkAction, parseTableState } from "~/ui/data-table/parse";
import type { Route } from "./+types/_app.projects._index";

export async function loader({ context, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  const services = servicesOf(context);
  const list = await listProjectsTable(services, reader, parseTableState(projectsTable, url.searchParams));
  // One call to the auth service for the whole page.
  const members = await projectMembers(
    services,
    authCallContext(context),
    list.rows.map((p) => p.id),
  );
  return {
    ...list,
    rows: list.rows.map((p) => ({ ...p, members: members[p.id]?.length ?? 0 })),
    view: url.searchParams.get("view") === "cards" ? ("cards" as const) : ("table" as const),
    canCreate: can(reader, "projects.create"),
    canManage: can(reader, "projects.manage"),
    canDelete: can(reader, "projects.delete"),
  };
}

const BULK_TOASTS = { pause: "projects:bulk.paused", resume: "projects:bulk.resumed", delete: "projects:bulk.deleted" };

/** Bulk pause, resume or delete; back to the same page of the table with a toast either way. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const reader = requireReader(context);
  const back = `${url.pathname}${url.search}`;
  const bulk = parseBulkAction(projectsTable, await readForm(request), PROJECT_BULK_INTENTS);
  if (!bulk.ok) return redirectWithToast(servicesOf(context).env, back, { type: "error", key: bulk.error });
  requirePermission(reader, bulk.intent === "delete" ? "projects.delete" : "projects.manage");
  const count = await bulkUpdateProjects(servicesOf(context), reader, bulk.intent, bulk.ids);
  return redirectWithToast(servicesOf(context).env, back, {
    type: "success",
    key: BULK_TOASTS[bulk.intent],
    values: { count },
  });
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  return <ProjectsPage loaderData={loaderData} />;
}

export const ErrorBoundary = PageErrorBoundary;
