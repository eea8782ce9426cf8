import { requireReader, servicesOf } from "~/core/context.server";
import { overview, overviewPeriod } from "~/features/overview/overview.server";
import { OverviewPage } from "~/features/overview/overview-page";
import { PageErrorBoundary } from "~/shell/error-page";
import { layoutProjects } from "~/shell/layout.server";
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
