import { requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { authCallContext } from "~/features/auth/guard.server";
import { projectMembers } from "~/features/projects/members.server";
import { tasksCsv } from "~/features/tasks/csv.server";
import { tasksTable } from "~/features/tasks/list";
import { taskProjectChoices } from "~/features/tasks/tasks.server";
import { parseTableState } from "~/ui/data-table/parse";
import type { Route } from "./+types/tasks.export";

/** "Export CSV": the tasks matching the list's current search and filters. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "tasks.read");
  const services = servicesOf(context);
  const projects = await taskProjectChoices(services, reader);
  const people = await projectMembers(
    servicesOf(context),
    authCallContext(context),
    projects.map((p) => p.id),
  );
  const { csv, fileName } = await tasksCsv(services, reader, parseTableState(tasksTable, url.searchParams), people);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
