import { Form } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { type FormResult, typedValue, useIsPending } from "~/lib/forms";
import { buttonClass, SubmitButton } from "~/ui/button";
import { InputField } from "~/ui/field";
import { Pencil, Trash2 } from "~/ui/icons";
import { useFormErrors } from "~/ui/use-form-fields";
import { type ChatMessage, Conversation, QuestionForm } from "./chat";
import { TITLE_LENGTH } from "./limits";

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

/** A conversation: its title and tools, the questions and answers (streaming the pending one), and the next question. */
export function ConversationPage({
  loaderData,
  actionData,
}: {
  loaderData: { conversation: { id: string; title: string }; messages: ChatMessage[] };
  actionData: FormResult | undefined;
}) {
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
