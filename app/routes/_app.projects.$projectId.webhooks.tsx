import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { webhookSchema } from "~/features/alerts/schemas";
import { addWebhook, deleteWebhook, listWebhooks, rotateWebhookSecret } from "~/features/alerts/webhooks.server";
import { WebhooksPage, type WebhooksResult } from "~/features/alerts/webhooks-page";
import { getProject } from "~/features/projects/projects.server";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { Route } from "./+types/_app.projects.$projectId.webhooks";

/** A project's outgoing webhooks (ADR 045): admins only. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "projects.webhooks");
  const services = servicesOf(context);
  const project = found(await getProject(services, reader, params.projectId));
  return { project: { id: project.id, name: project.name }, webhooks: await listWebhooks(services, project.id) };
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "projects.webhooks");
  const services = servicesOf(context);
  const project = found(await getProject(services, reader, params.projectId));
  const form = await readForm(request);
  const intent = form.get("intent");
  const endpointId = String(form.get("endpointId") ?? "");
  if (intent === "rotate") {
    // Not a redirect: the new secret is in this answer only.
    return { secret: found(await rotateWebhookSecret(services, project.id, endpointId)) };
  }
  if (intent === "delete") {
    found((await deleteWebhook(services, project.id, endpointId)) || null);
    return redirectWithToast(services.env, url.pathname, { type: "success", key: "projects:webhooks.deleted" });
  }
  const submission = parseForm(form, webhookSchema);
  if (!submission.success) return formFailure(submission.result);
  const added = await addWebhook(services, reader, project.id, submission.data);
  if ("fieldErrors" in added) return formFailure({ values: submission.values, fieldErrors: added.fieldErrors });
  return { secret: added };
}

export default function ProjectWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WebhooksPage
      project={loaderData.project}
      webhooks={loaderData.webhooks}
      result={actionData as WebhooksResult | undefined}
    />
  );
}

export const ErrorBoundary = PageErrorBoundary;
