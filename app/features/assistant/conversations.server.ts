// Conversations, kept per reader: another reader's conversation is missing (null, which the route makes a 404).
// A question is stored with a `pending` answer; the answer runner claims it once (pending → streaming, in one
// UPDATE), so a handed-over question is answered on arrival and never again on reload, and two tabs never
// answer it twice.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import type { Reader } from "~/core/reader";
import { mentionInScope, visibleScope } from "~/core/scope.server";
import { isUuid, newestRows, uuids } from "~/core/sql.server";
import type { AssistantBlock } from "~/db/assistant-blocks";
import { assistantConversations, assistantMessages, messages as mentions } from "~/db/schema";
import { volumeAxis } from "~/features/mentions/mentions.server";
import type { Env } from "~/lib/env.server";
import { analystAnswer } from "./analyst.server";
import type { ChatMessage } from "./chat";
import type { AnswerSink, EngineResult, HistoryTurn } from "./engine";
import { TITLE_LENGTH } from "./limits";
import { modelAnswer, modelConfig } from "./model.server";

export type Conversation = typeof assistantConversations.$inferSelect;
export type StoredMessage = typeof assistantMessages.$inferSelect;

const HISTORY_TURNS = 20;

const titleOf = (question: string) => {
  const line = question.replace(/\s+/g, " ").trim();
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
};

export function listConversations({ db }: Services, reader: Reader) {
  return newestRows(
    db,
    assistantConversations,
    {
      id: assistantConversations.id,
      title: assistantConversations.title,
      updatedAt: assistantConversations.updatedAt,
    },
    { owner: assistantConversations.userId, id: reader.id, at: assistantConversations.updatedAt, limit: 100 },
  );
}

/** The reader's own conversation; null for anyone else's, or none. */
export async function getConversation({ db }: Services, reader: Reader, id: string): Promise<Conversation | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(assistantConversations)
    .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, reader.id)));
  return row ?? null;
}

/**
 * An answer still `streaming` long after any model would have given up was cut off (the server stopped mid-way):
 * shown as failed, so the page never waits for it.
 */
function asShown(env: Env, message: StoredMessage, now = Date.now()): StoredMessage {
  const abandoned = message.status === "streaming" && now - message.createdAt.getTime() > env.AI_TIMEOUT_MS + 60_000;
  return abandoned ? { ...message, status: "failed", error: "errors.failed" } : message;
}

export function storedMessages({ db }: Services, conversationId: string): Promise<StoredMessage[]> {
  return db
    .select()
    .from(assistantMessages)
    .where(eq(assistantMessages.conversationId, conversationId))
    .orderBy(asc(assistantMessages.createdAt), asc(assistantMessages.role));
}

/** Of the mentions answers cited, those the reader may still see: a project taken away takes them out of old answers too. */
async function stillVisible({ db }: Services, reader: Reader, blocks: AssistantBlock[]): Promise<Set<string>> {
  const cited = blocks.flatMap((block) => (block.kind === "mentions" ? block.items.map((m) => m.id) : []));
  const ids = uuids(cited, cited.length);
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: mentions.id })
    .from(mentions)
    .where(and(inArray(mentions.id, ids), mentionInScope(visibleScope(reader), mentions.id)));
  return new Set(rows.map((r) => r.id));
}

/** A conversation as its page shows it; null when it is not the reader's. */
export async function conversationPage(services: Services, reader: Reader, id: string) {
  const conversation = await getConversation(services, reader, id);
  if (!conversation) return null;
  const stored = (await storedMessages(services, conversation.id)).map((m) => asShown(services.env, m));
  const visible = await stillVisible(
    services,
    reader,
    stored.flatMap((m) => m.blocks),
  );
  const shownBlocks = (blocks: AssistantBlock[]) =>
    blocks.flatMap((block): AssistantBlock[] => {
      // Answers stored before volume blocks carried their axis (2026-12) get it here.
      if (block.kind === "volume") return [{ ...block, axis: block.axis ?? volumeAxis(block.days) }];
      if (block.kind !== "mentions") return [block];
      const items = block.items.filter((m) => visible.has(m.id));
      return items.length ? [{ ...block, items }] : [];
    });
  const chat: ChatMessage[] = stored.map((m) => ({
    id: m.id,
    role: m.role,
    content: m.content,
    status: m.status,
    error: m.error,
    blocks: shownBlocks(m.blocks),
  }));
  return { conversation: { id: conversation.id, title: conversation.title }, messages: chat };
}

/**
 * A question and its answer-to-come; a new conversation (titled by the question) unless one of the reader's
 * is given.
 */
export async function ask(
  { db }: Services,
  reader: Reader,
  question: string,
  conversationId?: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    let id = conversationId;
    if (id) {
      await tx
        .update(assistantConversations)
        .set({ updatedAt: sql`now()` })
        .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, reader.id)));
    } else {
      const [created] = await tx
        .insert(assistantConversations)
        .values({ userId: reader.id, title: titleOf(question) })
        .returning({ id: assistantConversations.id });
      id = created!.id;
    }
    // The answer is stamped a moment after its question so the two always read in order.
    await tx.insert(assistantMessages).values([
      { conversationId: id, role: "user", content: question },
      {
        conversationId: id,
        role: "assistant",
        content: "",
        status: "pending",
        createdAt: sql`now() + interval '1 millisecond'`,
      },
    ]);
    return id;
  });
}

const mine = (reader: Reader, id: string) =>
  and(eq(assistantConversations.id, id), eq(assistantConversations.userId, reader.id));

export async function renameConversation({ db }: Services, reader: Reader, id: string, title: string) {
  await db
    .update(assistantConversations)
    .set({ title: titleOf(title) })
    .where(mine(reader, id));
}

export async function deleteConversation({ db }: Services, reader: Reader, id: string) {
  await db.delete(assistantConversations).where(mine(reader, id));
}

const silent: AnswerSink = { text() {}, tool() {} };

/**
 * Answers the conversation's pending question, if it is the reader's and nobody has claimed it: the configured
 * model (services.env), else the built-in analyst. What is written goes to `sink` as it comes and is stored at
 * the end (a failure too, with what was written before it). Returns whether there was anything to answer.
 */
export async function answerPending(
  services: Services,
  reader: Reader,
  conversationId: string,
  sink: AnswerSink = silent,
): Promise<boolean> {
  if (!(await getConversation(services, reader, conversationId))) return false;
  const { db } = services;
  const [claimed] = await db
    .update(assistantMessages)
    .set({ status: "streaming" })
    .where(
      and(
        eq(assistantMessages.conversationId, conversationId),
        eq(assistantMessages.role, "assistant"),
        eq(assistantMessages.status, "pending"),
      ),
    )
    .returning({ id: assistantMessages.id, createdAt: assistantMessages.createdAt });
  if (!claimed) return false;

  const earlier = (await storedMessages(services, conversationId)).filter((m) => m.createdAt < claimed.createdAt);
  const history: HistoryTurn[] = earlier
    .filter((m) => m.status === "done" && m.content)
    .slice(-HISTORY_TURNS)
    .map((m) => ({ role: m.role, content: m.content }));
  const question = earlier.at(-1)?.content ?? "";
  const model = modelConfig(services.env);
  let result: EngineResult;
  try {
    result = model
      ? await modelAnswer(services, reader, model, history, sink)
      : await analystAnswer(
          services,
          reader,
          question,
          { introduce: !earlier.some((m) => m.role === "assistant" && m.engine === "analyst") },
          sink,
        );
  } catch (error) {
    services.log.error({ err: error }, "assistant answer failed");
    result = { content: "", blocks: [], toolCalls: [], cited: [], error: "errors.failed" };
  }
  const cited = [...new Map(result.cited.map((m) => [m.id, m])).keys()];
  await db
    .update(assistantMessages)
    .set({
      content: result.content,
      status: result.error ? "failed" : "done",
      error: result.error ?? null,
      engine: model ? "model" : "analyst",
      toolCalls: result.toolCalls,
      blocks: result.blocks,
      citedMessageIds: cited,
    })
    .where(eq(assistantMessages.id, claimed.id));
  await db
    .update(assistantConversations)
    .set({ updatedAt: sql`now()` })
    .where(eq(assistantConversations.id, conversationId));
  return true;
}
