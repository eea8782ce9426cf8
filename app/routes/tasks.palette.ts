import { requireReader, servicesOf } from "~/core/context.server";
import { can } from "~/core/permissions";
import { findTasksByTitle } from "~/features/tasks/tasks.server";
import type { PaletteTasksAnswer } from "~/shell/palette-search";
import type { Route } from "./+types/tasks.palette";

const TOP = 5;

/**
 * The command palette's tasks: whether "New task" is offered, and the latest five whose title has what
 * was typed, in the reader's scope.
 */
export async function loader({ context, url }: Route.LoaderArgs): Promise<PaletteTasksAnswer> {
  const reader = requireReader(context);
  const canCreate = can(reader, "tasks.edit");
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  if (q.length < 2 || !can(reader, "tasks.read")) return { canCreate, tasks: [] };
  const rows = await findTasksByTitle(servicesOf(context), reader, q, TOP);
  return { canCreate, tasks: rows.map((task) => ({ id: task.id, title: task.title.slice(0, 120) })) };
}
