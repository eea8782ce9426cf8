import { redirect } from "react-router";
import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { ConversationPage } from "~/features/assistant/conversation-page";
import {
  answerPending,
  ask,
  conversationPage,
  deleteConversation,
  getConversation,
  renameConversation,
} from "~/features/assistant/conversations.server";
import { questionSchema, renameSchema } from "~/features/assistant/schemas";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { Route } from "./+types/_app.ai-assistant.$conversationId";

export async function loader({ context, params }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "assistant.use");
  return found(await conversationPage(servicesOf(context), reader, params.conversationId));
}

/** Delete, rename, or ask the next question (answered before the redirect without JavaScript). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "assistant.use");
  const services = servicesOf(context);
  const { id } = found(await getConversation(services, reader, params.conversationId));
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "delete") {
    await deleteConversation(services, reader, id);
    return redirectWithToast(services.env, "/ai-assistant", { type: "success", key: "ai-assistant:deleted" });
  }
  if (intent === "rename") {
    const submission = parseForm(form, renameSchema);
    if (!submission.success) return formFailure({ ...submission.result, values: { ...submission.values, intent } });
    await renameConversation(services, reader, id, submission.data.title);
    return redirect(`/ai-assistant/${id}`);
  }
  const submission = parseForm(form, questionSchema);
  if (!submission.success) return formFailure(submission.result);
  await ask(services, reader, submission.data.question, id);
  if (submission.data.mode === "wait") await answerPending(services, reader, id);
  return redirect(`/ai-assistant/${id}`);
}

export default function ConversationRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ConversationPage loaderData={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = PageErrorBoundary;
