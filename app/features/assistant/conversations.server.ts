// Conversations, kept per user: another user's conversation is a 404. A question is stored with a `pending`
// answer; the answer runner claims it once (pending → streaming, in one UPDATE), so a handed-over question is
// answered on arrival and never again on reload, and two tabs never answer it twice.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { assistantConversations, assistantMessages } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { analystAnswer } from "./analyst.server";
import type { AnswerSink, EngineResult, HistoryTurn } from "./engine";
import { TITLE_LENGTH } from "./limits";
import { modelAnswer, modelConfig } from "./model.server";
import type { Asker } from "./tools.server";

export type Conversation = typeof assistantConversations.$inferSelect;
export type StoredMessage = typeof assistantMessages.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HISTORY_TURNS = 20;

const titleOf = (question: string) => {
  const line = question.replace(/\s+/g, " ").trim();
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
};

export function listConversations(userId: string) {
  return getDb()
    .select({
      id: assistantConversations.id,
      title: assistantConversations.title,
      updatedAt: assistantConversations.updatedAt,
    })
    .from(assistantConversations)
    .where(eq(assistantConversations.userId, userId))
    .orderBy(desc(assistantConversations.updatedAt))
    .limit(100);
}

/** The user's own conversation; anyone else's (or none) is 404. */
export async function getConversation(userId: string, id: string): Promise<Conversation> {
  const [row] = UUID.test(id)
    ? await getDb()
        .select()
        .from(assistantConversations)
        .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, userId)))
    : [];
  if (!row) throw data(null, { status: 404 });
  return row;
}

/**
 * An answer still `streaming` long after any model would have given up was cut off (the server stopped mid-way):
 * shown as failed, so the page never waits for it.
 */
export function asShown(message: StoredMessage, now = Date.now()): StoredMessage {
  const abandoned =
    message.status === "streaming" && now - message.createdAt.getTime() > getEnv().AI_TIMEOUT_MS + 60_000;
  return abandoned ? { ...message, status: "failed", error: "errors.failed" } : message;
}

export function conversationMessages(conversationId: string): Promise<StoredMessage[]> {
  return getDb()
    .select()
    .from(assistantMessages)
    .where(eq(assistantMessages.conversationId, conversationId))
    .orderBy(asc(assistantMessages.createdAt), asc(assistantMessages.role));
}

/** A question and its answer-to-come; a new conversation (titled by the question) unless one is given. */
export async function ask(userId: string, question: string, conversationId?: string): Promise<string> {
  return getDb().transaction(async (tx) => {
    let id = conversationId;
    if (id) {
      await tx
        .update(assistantConversations)
        .set({ updatedAt: sql`now()` })
        .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, userId)));
    } else {
      const [created] = await tx
        .insert(assistantConversations)
        .values({ userId, title: titleOf(question) })
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

export async function renameConversation(userId: string, id: string, title: string) {
  await getConversation(userId, id);
  await getDb()
    .update(assistantConversations)
    .set({ title: titleOf(title) })
    .where(eq(assistantConversations.id, id));
}

export async function deleteConversation(userId: string, id: string) {
  await getConversation(userId, id);
  await getDb().delete(assistantConversations).where(eq(assistantConversations.id, id));
}

const silent: AnswerSink = { text() {}, tool() {} };

/**
 * Answers the conversation's pending question, if there is one nobody has claimed: the configured model, else
 * the built-in analyst. What is written goes to `sink` as it comes and is stored at the end (a failure too,
 * with what was written before it). Returns whether there was anything to answer.
 */
export async function answerPending(asker: Asker, conversationId: string, sink: AnswerSink = silent) {
  await getConversation(asker.user.id, conversationId);
  const [claimed] = await getDb()
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

  const earlier = (await conversationMessages(conversationId)).filter((m) => m.createdAt < claimed.createdAt);
  const history: HistoryTurn[] = earlier
    .filter((m) => m.status === "done" && m.content)
    .slice(-HISTORY_TURNS)
    .map((m) => ({ role: m.role, content: m.content }));
  const question = earlier.at(-1)?.content ?? "";
  const model = modelConfig(getEnv());
  let result: EngineResult;
  try {
    result = model
      ? await modelAnswer(model, asker, history, sink)
      : await analystAnswer(
          asker,
          question,
          { introduce: !earlier.some((m) => m.role === "assistant" && m.engine === "analyst") },
          sink,
        );
  } catch (error) {
    log().error({ err: error }, "assistant answer failed");
    result = { content: "", blocks: [], toolCalls: [], cited: [], error: "errors.failed" };
  }
  const cited = [...new Map(result.cited.map((m) => [m.id, m])).keys()];
  await getDb()
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
  await getDb()
    .update(assistantConversations)
    .set({ updatedAt: sql`now()` })
    .where(eq(assistantConversations.id, conversationId));
  return true;
}
