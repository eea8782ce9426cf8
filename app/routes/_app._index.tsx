import { requireReader, servicesOf } from "~/core/context.server";
import { overview, overviewPeriod } from "~/features/overview/overview.server";
import { OverviewPage } from "~/features/overview/overview-page";
import { layoutProjects } from "~/features/projects/layout-projects.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { Route } from "./+types/_app._index";

export async function loader({ context, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  const visible = await layoutProjects(context);
  return overview(servicesOf(context), reader, visible, overviewPeriod(url.searchParams));
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  return <OverviewPage data={loaderData} />;
}

export const ErrorBoundary = PageErrorBoundary;
