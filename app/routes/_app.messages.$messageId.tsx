import { data } from "react-router";
import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { MentionPage } from "~/features/mentions/mention-page";
import { changeSchema, refusedChange, taskSchema } from "~/features/mentions/schemas";
import { byIds, changeMentions, createTaskFromMention, loadMention } from "~/features/mentions/triage.server";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectBackWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { Route } from "./+types/_app.messages.$messageId";

export async function loader({ context, params }: Route.LoaderArgs) {
  return found(await loadMention(servicesOf(context), requireReader(context), params.messageId));
}

/**
 * A mention's forms: one change (read, star, archive, sentiment, tag, untag) or "Create task". Back to the
 * same page with a toast; a task form with a bad title comes back with what was typed.
 */
export async function action({ request, context, params, url }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "messages.triage");
  const services = servicesOf(context);
  const form = await readForm(request);
  const back = `${url.pathname}${url.search}`;
  if (form.get("intent") === "task") {
    requirePermission(reader, "tasks.edit");
    const parsed = parseForm(form, taskSchema);
    if (!parsed.success) return formFailure(parsed.result);
    found(await createTaskFromMention(services, reader, params.messageId, parsed.data));
    return redirectBackWithToast(services.env, back, { type: "success", key: "messages:task.created" });
  }
  const change = parseForm(form, changeSchema);
  if (!change.success)
    return redirectBackWithToast(services.env, back, { type: "error", key: refusedChange(form.get("intent")) });
  const changed = await changeMentions(services, reader, change.data, byIds([params.messageId]));
  if (changed === 0) throw data(null, { status: 404 });
  return redirectBackWithToast(services.env, back, { type: "success", key: `messages:changed.${change.data.intent}` });
}

export default function MentionRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <MentionPage data={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = PageErrorBoundary;
