import { data } from "react-router";
import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { historyTable } from "~/features/sources/list";
import { deleteSchema, sourceActionSchema } from "~/features/sources/schemas";
import { SourcePage } from "~/features/sources/source-page";
import {
  deleteSource,
  getSource,
  rotateWebhookSecret,
  runSourceAction,
  sourcePage,
} from "~/features/sources/sources.server";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { parseTableState } from "~/ui/data-table/parse";
import type { Route } from "./+types/_app.sources.$sourceId";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  const services = servicesOf(context);
  const source = found(await getSource(services, params.sourceId));
  return {
    ...(await sourcePage(services, reader, source)),
    historyState: parseTableState(historyTable, url.searchParams),
    endpoint: source.type === "webhook" ? `${url.origin}/api/ingest/${source.id}` : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requirePermission(requireReader(context), "sources.manage");
  const services = servicesOf(context);
  const source = found(await getSource(services, params.sourceId));
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "rotate") {
    if (source.type !== "webhook") throw data(null, { status: 400 });
    // Answered in this response only: the new secret is never stored, logged or put in a URL.
    return { secret: await rotateWebhookSecret(services, source) };
  }
  if (intent === "delete") {
    const submission = parseForm(form, deleteSchema(source.name));
    if (!submission.success) return formFailure(submission.result);
    await deleteSource(services, source.id);
    return redirectWithToast(services.env, "/sources", {
      type: "success",
      key: "sources:toast.deleted",
      values: { name: source.name },
    });
  }
  const parsed = parseForm(form, sourceActionSchema.pick({ intent: true }));
  const toast = parsed.success
    ? found(await runSourceAction(services, source.id, parsed.data.intent))
    : { type: "error" as const, key: "forms:errors.invalid" };
  return redirectWithToast(services.env, `/sources/${source.id}`, toast);
}

export default function SourceRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <SourcePage data={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = PageErrorBoundary;
