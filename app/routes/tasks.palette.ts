import { can } from "~/core/permissions";
import { requireUser } from "~/features/auth/guard.server";
import { findTasksByTitle, readerTimeZone } from "~/features/tasks/tasks.server";
import type { Route } from "./+types/tasks.palette";

const TOP = 5;

/**
 * The command palette's tasks: whether "New task" is offered, and the latest five whose title has what
 * was typed, in the user's scope.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser(context);
  const canCreate = can(user, "tasks.edit");
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  if (q.length < 2 || !can(user, "tasks.read")) return { canCreate, tasks: [] };
  const rows = await findTasksByTitle(user, q, readerTimeZone(context), TOP);
  return { canCreate, tasks: rows.map((task) => ({ id: task.id, title: task.title.slice(0, 120) })) };
}
