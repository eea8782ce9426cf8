import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { AssistantBlock } from "~/db/assistant-blocks";
import { useTranslation } from "~/i18n/use-translation";
import { type FormResult, typedValue } from "~/lib/forms";
import { useRevalidateWhile } from "~/lib/use-revalidate-while";
import { SubmitButton } from "~/ui/button";
import { FieldError, HiddenLabel } from "~/ui/field";
import { Bot, LoaderCircle, Send, User } from "~/ui/icons";
import { Textarea } from "~/ui/input";
import { useFormErrors } from "~/ui/use-form-fields";
import { AnswerBlocks, AnswerText } from "./answer-blocks";
import { QUESTION_LENGTH } from "./limits";

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  status: "pending" | "streaming" | "done" | "failed";
  error: string | null;
  blocks: AssistantBlock[];
}

interface Streamed {
  text: string;
  tool: string | null;
}

/**
 * Streams the answer being written for this conversation (server-sent events from its answer route) once per
 * pending answer, then reloads the page's data to show the stored answer with its tables and citations.
 */
function useAnswerStream(conversationId: string, pendingId: string | null): Streamed | null {
  const revalidator = useRevalidator();
  const [streamed, setStreamed] = useState<Streamed | null>(null);
  const started = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the revalidator's identity changes each render.
  useEffect(() => {
    if (!pendingId || started.current === pendingId) return;
    started.current = pendingId;
    setStreamed({ text: "", tool: null });
    (async () => {
      // An empty form: every page post is one (formBodyMiddleware).
      const response = await fetch(`/ai-assistant/${conversationId}/answer`, {
        method: "POST",
        body: new URLSearchParams(),
      });
      if (!response.body) return;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (\w+)/m.exec(event)?.[1];
          const data = JSON.parse(/^data: (.*)$/m.exec(event)?.[1] ?? "{}");
          if (type === "text") setStreamed((s) => ({ text: (s?.text ?? "") + data.text, tool: null }));
          if (type === "tool") setStreamed((s) => ({ text: s?.text ?? "", tool: data.name }));
        }
      }
    })()
      .catch(() => {})
      .finally(() => revalidator.revalidate());
  }, [conversationId, pendingId]);
  useEffect(() => {
    if (!pendingId) setStreamed(null);
  }, [pendingId]);
  return pendingId ? streamed : null;
}

/** How often an answer being written by another request (another tab, or before a reload) is looked for. */
const REFRESH_MS = 2000;

function Bubble({ from: role, children }: { from: "user" | "assistant"; children: React.ReactNode }) {
  const { t } = useTranslation("ai-assistant");
  const Icon = role === "user" ? User : Bot;
  return (
    <li className={role === "user" ? "flex justify-end gap-3" : "flex gap-3"}>
      {role === "assistant" && (
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-4" />
        </span>
      )}
      <div
        className={
          role === "user"
            ? "max-w-[85%] rounded-2xl rounded-tr-sm bg-primary px-4 py-2 text-primary-foreground"
            : "flex min-w-0 flex-1 flex-col gap-4 rounded-2xl rounded-tl-sm border border-border bg-card px-4 py-3"
        }
      >
        <span className="sr-only">{t(role === "user" ? "you" : "assistant")}:</span>
        {children}
      </div>
    </li>
  );
}

function Writing({ tool }: { tool: string | null }) {
  const { t } = useTranslation("ai-assistant");
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      {tool ? t("usingTool", { tool: t(`tools.${tool}`, { defaultValue: tool }) }) : t("writing")}
    </p>
  );
}

export function Conversation({ conversationId, messages }: { conversationId: string; messages: ChatMessage[] }) {
  const { t } = useTranslation("ai-assistant");
  const pending = messages.find((m) => m.role === "assistant" && (m.status === "pending" || m.status === "streaming"));
  const streamed = useAnswerStream(conversationId, pending?.status === "pending" ? pending.id : null);
  useRevalidateWhile(pending?.status === "streaming" && !streamed, REFRESH_MS);
  return (
    <ol className="flex flex-col gap-4" aria-label={t("messages")}>
      {messages.map((m) => {
        if (m.role === "user") {
          return (
            <Bubble key={m.id} from="user">
              <p className="whitespace-pre-wrap break-words" data-user-content>
                {m.content}
              </p>
            </Bubble>
          );
        }
        if (m.status === "pending" || m.status === "streaming") {
          const live = m.id === pending?.id ? streamed : null;
          return (
            <Bubble key={m.id} from="assistant">
              <div aria-live="polite" className="flex flex-col gap-3" data-testid="streaming-answer">
                {live?.text ? <AnswerText content={live.text} /> : null}
                {live?.text && !live.tool ? null : <Writing tool={live?.tool ?? null} />}
              </div>
            </Bubble>
          );
        }
        return (
          <Bubble key={m.id} from="assistant">
            {m.content && (
              <div data-user-content>
                <AnswerText content={m.content} />
              </div>
            )}
            {m.error && (
              <p role="alert" className="text-sm text-danger">
                {t(m.error)}
              </p>
            )}
            <AnswerBlocks blocks={m.blocks} />
          </Bubble>
        );
      })}
    </ol>
  );
}

/**
 * The question box. Without JavaScript the post waits for the whole answer (`mode=wait`); with it the page
 * streams the answer after the post (`mode=stream`). Enter sends, Shift+Enter breaks the line.
 */
export function QuestionForm({ action, result }: { action: string; result: FormResult | undefined }) {
  const { t } = useTranslation("ai-assistant");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const errors = useFormErrors(result);
  const sending = navigation.state !== "idle" && navigation.formAction === action;
  const form = useRef<HTMLFormElement>(null);
  // Emptied once a question it sent has gone through; never on arrival, which would wipe what was typed
  // before the page hydrated.
  const sent = useRef(false);
  useEffect(() => {
    if (sending) sent.current = true;
    else if (sent.current) {
      sent.current = false;
      if (!result?.fieldErrors) form.current?.reset();
    }
  }, [sending, result]);
  const error = errors.field("question");
  return (
    <Form ref={form} method="post" action={action} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="ask" />
      <input type="hidden" name="mode" value={hydrated ? "stream" : "wait"} />
      <HiddenLabel htmlFor="question">{t("question")}</HiddenLabel>
      <div className="flex items-end gap-2">
        <Textarea
          id="question"
          name="question"
          rows={2}
          maxLength={QUESTION_LENGTH}
          required
          placeholder={t("placeholder")}
          defaultValue={typedValue(result, "question", "")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "question-error" : undefined}
          className="min-h-16 flex-1 resize-y"
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <SubmitButton pending={sending} pendingLabel={t("sending")} className="self-end">
          <Send aria-hidden="true" />
          {t("send")}
        </SubmitButton>
      </div>
      <FieldError id="question-error">{error}</FieldError>
    </Form>
  );
}
