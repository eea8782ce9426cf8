import { Form, redirect } from "react-router";
import { askerFrom } from "~/features/assistant/asker.server";
import { type ChatMessage, Conversation, QuestionForm } from "~/features/assistant/chat";
import {
  answerPending,
  ask,
  asShown,
  conversationMessages,
  deleteConversation,
  getConversation,
  renameConversation,
} from "~/features/assistant/conversations.server";
import { TITLE_LENGTH } from "~/features/assistant/limits";
import { questionSchema, renameSchema } from "~/features/assistant/schemas";
import { requireUser } from "~/features/auth/guard.server";
import { useTranslation } from "~/i18n/use-translation";
import { type FormResult, typedValue, useFormErrors, useIsPending } from "~/lib/forms";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { buttonClass, SubmitButton } from "~/ui/button";
import { InputField } from "~/ui/field";
import { Pencil, Trash2 } from "~/ui/icons";
import type { Route } from "./+types/_app.ai-assistant.$conversationId";

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireUser(context);
  const conversation = await getConversation(user.id, params.conversationId);
  const messages: ChatMessage[] = (await conversationMessages(conversation.id)).map(asShown).map((m) => ({
    id: m.id,
    role: m.role,
    content: m.content,
    status: m.status,
    error: m.error,
    blocks: m.blocks,
  }));
  return { conversation: { id: conversation.id, title: conversation.title }, messages };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const asker = askerFrom(context);
  const { id } = await getConversation(asker.user.id, params.conversationId);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "delete") {
    await deleteConversation(asker.user.id, id);
    return redirectWithToast("/ai-assistant", { type: "success", key: "ai-assistant:deleted" });
  }
  if (intent === "rename") {
    const submission = parseForm(form, renameSchema);
    if (!submission.success) return formFailure({ ...submission.result, values: { ...submission.values, intent } });
    await renameConversation(asker.user.id, id, submission.data.title);
    return redirect(`/ai-assistant/${id}`);
  }
  const submission = parseForm(form, questionSchema);
  if (!submission.success) return formFailure(submission.result);
  await ask(asker.user.id, submission.data.question, id);
  if (submission.data.mode === "wait") await answerPending(asker, id);
  return redirect(`/ai-assistant/${id}`);
}

function ConversationTools({ title, result }: { title: string; result: FormResult | undefined }) {
  const { t } = useTranslation("ai-assistant");
  const errors = useFormErrors(result);
  const renaming = result?.values?.intent === "rename";
  return (
    <div className="flex flex-wrap items-start gap-2">
      <details className="group" open={renaming || undefined}>
        <summary className={buttonClass("ghost", "sm")}>
          <Pencil aria-hidden="true" />
          {t("rename")}
        </summary>
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="rename" />
          <InputField
            name="title"
            label={t("titleLabel")}
            defaultValue={typedValue(renaming ? result : undefined, "title", title)}
            maxLength={TITLE_LENGTH}
            required
            error={renaming ? errors.field("title") : undefined}
          />
          <SubmitButton pending={useIsPending("rename")} pendingLabel={t("saving")} size="sm">
            {t("save")}
          </SubmitButton>
        </Form>
      </details>
      <Form
        method="post"
        onSubmit={(event) => {
          if (!confirm(t("deleteConfirm"))) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <SubmitButton pending={useIsPending("delete")} pendingLabel={t("deleting")} variant="ghost" size="sm">
          <Trash2 aria-hidden="true" />
          {t("delete")}
        </SubmitButton>
      </Form>
    </div>
  );
}

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { conversation, messages } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg font-semibold" data-user-content>
          {conversation.title}
        </h2>
        <ConversationTools title={conversation.title} result={actionData} />
      </div>
      <Conversation conversationId={conversation.id} messages={messages} />
      <QuestionForm
        action={`/ai-assistant/${conversation.id}`}
        result={actionData?.values?.intent === "rename" ? undefined : actionData}
      />
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
