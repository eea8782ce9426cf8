import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { answerPending, getConversation } from "~/features/assistant/conversations.server";
import type { Route } from "./+types/ai-assistant.$conversationId.answer";

/**
 * Writes the conversation's pending answer as server-sent events (`tool`, `text`, then `done`) while it is
 * stored. Nothing pending (already answered, or being answered elsewhere): just `done`. The answer is
 * finished and stored even when the page goes away mid-way.
 */
export async function action({ context, params }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "assistant.use");
  const services = servicesOf(context);
  const { id } = found(await getConversation(services, reader, params.conversationId));
  const encoder = new TextEncoder();
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    cancel() {
      open = false;
    },
    start(controller) {
      const send = (event: string, data: object) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        } catch {
          open = false;
        }
      };
      answerPending(services, reader, id, {
        text: (text) => send("text", { text }),
        tool: (name) => send("tool", { name }),
      })
        .then((answered) => send("done", { answered }))
        .catch(() => send("done", { answered: false }))
        .finally(() => {
          if (open) controller.close();
        });
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware would hold the events back.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
