import { requireRole } from "~/features/auth/guard.server";
import { exportTasksCsv } from "~/features/tasks/csv.server";
import type { Route } from "./+types/tasks.export";

/** "Export CSV": the tasks matching the list's current search and filters. */
export function loader({ context, url }: Route.LoaderArgs) {
  return exportTasksCsv(context, requireRole(context, "tasks.read"), url);
}
