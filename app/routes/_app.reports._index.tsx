import { requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { can } from "~/core/permissions";
import { reportsTableFor } from "~/features/reports/list";
import { listReportsTable, reportProjects } from "~/features/reports/reports.server";
import { ReportsPage } from "~/features/reports/reports-page";
import { PageErrorBoundary } from "~/shell/error-page";
import { parseTableState } from "~/ui/data-table/parse";
import type { Route } from "./+types/_app.reports._index";

export async function loader({ context, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "reports.read");
  const services = servicesOf(context);
  const projects = await reportProjects(services, reader);
  const spec = reportsTableFor(projects.map((p) => p.id));
  const list = await listReportsTable(services, reader, parseTableState(spec, url.searchParams));
  return { ...list, projects, canCreate: can(reader, "reports.edit") };
}

export default function ReportsRoute({ loaderData }: Route.ComponentProps) {
  return <ReportsPage loaderData={loaderData} />;
}

export const ErrorBoundary = PageErrorBoundary;
