import { Form, redirect } from "react-router";
import { requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { QuestionForm } from "~/features/assistant/chat";
import { answerPending, ask } from "~/features/assistant/conversations.server";
import { questionSchema } from "~/features/assistant/schemas";
import { suggestedQuestions } from "~/features/assistant/suggestions.server";
import { useTranslation } from "~/i18n/use-translation";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { Card } from "~/ui/card";
import { Lightbulb } from "~/ui/icons";
import type { Route } from "./+types/_app.ai-assistant._index";

export async function loader({ context }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "assistant.use");
  return { suggestions: await suggestedQuestions(servicesOf(context), reader) };
}

/**
 * A first question opens a new conversation: with `mode=stream` (the page, or the palette's handover) the
 * conversation page answers it on arrival; otherwise (no JavaScript) the answer is written before the redirect.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "assistant.use");
  const services = servicesOf(context);
  const submission = parseForm(await readForm(request), questionSchema);
  if (!submission.success) return formFailure(submission.result);
  const id = await ask(services, reader, submission.data.question);
  if (submission.data.mode === "wait") await answerPending(services, reader, id);
  return redirect(`/ai-assistant/${id}`);
}

export default function NewConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("ai-assistant");
  return (
    <div className="flex flex-col gap-6">
      <Card title={t("suggestions")}>
        {loaderData.suggestions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noProjects")}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {loaderData.suggestions.map((question) => (
              <li key={question}>
                <Form method="post">
                  <input type="hidden" name="question" value={question} />
                  <input type="hidden" name="mode" value="wait" />
                  <SuggestionButton question={question} />
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <QuestionForm action="/ai-assistant?index" result={actionData} />
    </div>
  );
}

/** A suggested question: sent as it is (the page streams its answer once it has JavaScript). */
function SuggestionButton({ question }: { question: string }) {
  return (
    <button
      type="submit"
      // A button's look, but long questions wrap on a phone.
      className="inline-flex items-start gap-2 rounded-md border border-border bg-background px-3 py-1.5 text-left text-xs font-medium outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:mt-px [&_svg]:size-4 [&_svg]:shrink-0"
      onClick={(event) => {
        const mode = event.currentTarget.form?.elements.namedItem("mode");
        if (mode instanceof HTMLInputElement) mode.value = "stream";
      }}
    >
      <Lightbulb aria-hidden="true" />
      {question}
    </button>
  );
}

export const ErrorBoundary = PageErrorBoundary;
