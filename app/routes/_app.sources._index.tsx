import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { can } from "~/core/permissions";
import { sourcesTable } from "~/features/sources/list";
import { sourceActionSchema } from "~/features/sources/schemas";
import { listSourcesTable, runSourceAction } from "~/features/sources/sources.server";
import { SourcesPage } from "~/features/sources/sources-page";
import { readForm } from "~/lib/form-body.server";
import { parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { parseTableState } from "~/ui/data-table/parse";
import type { Route } from "./+types/_app.sources._index";

export async function loader({ context, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  const list = await listSourcesTable(servicesOf(context), reader, parseTableState(sourcesTable, url.searchParams));
  return { ...list, canManage: can(reader, "sources.manage"), timeZone: reader.timeZone };
}

/** A row's pause, resume or "Fetch now"; back to the same page of the table with a toast. */
export async function action({ request, context, url }: Route.ActionArgs) {
  requirePermission(requireReader(context), "sources.manage");
  const parsed = parseForm(await readForm(request), sourceActionSchema);
  const toast = parsed.success
    ? found(await runSourceAction(servicesOf(context), parsed.data.id, parsed.data.intent))
    : { type: "error" as const, key: "forms:errors.invalid" };
  return redirectWithToast(servicesOf(context).env, `${url.pathname}${url.search}`, toast);
}

export default function SourcesRoute({ loaderData }: Route.ComponentProps) {
  return <SourcesPage data={loaderData} />;
}

export const ErrorBoundary = PageErrorBoundary;
