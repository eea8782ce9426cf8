// Reading one mention and changing mentions (read, star, archive, sentiment, tags, tasks), alone or in bulk.
// Every change is limited to mentions the user may see (feed.server's scope) and needs the triage right.
import { type SQL, sql } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getDb, queryRows } from "~/db/client.server";
import { tasks } from "~/db/schema";
import { freeText } from "~/lib/form-rules";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { inLanguage } from "~/lib/translations";
import { parseBulkAction } from "~/ui/data-table/parse";
import { can } from "../../core/permissions";
import type { CurrentUser } from "../../core/reader";
import { requireRole } from "../auth/guard.server";
import { mentionsChanged } from "../mentions/mentions.server";
import { BULK_INTENTS, type BulkIntent, MAX_TAG, messagesFeed, SENTIMENTS } from "./feed";
import { type FeedItem, feedContext, feedRows, visibleProjects } from "./feed.server";

/**
 * Back to the page the change was made on. With JavaScript the page's fetcher follows it in place of the
 * current history entry (X-Remix-Replace), so Back still leaves the page rather than repeating it.
 */
const backTo = (url: string, toast: Parameters<typeof redirectWithToast>[1]) =>
  redirectWithToast(url, toast, { headers: { "X-Remix-Replace": "true" } });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idList = (ids: readonly string[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/** Mentions (`m`) the user may see: all for admins, else those linked to one of their projects. */
export function visibleCondition(user: CurrentUser): SQL {
  const visible = visibleProjects(user);
  if (!visible) return sql`true`;
  if (visible.length === 0) return sql`false`;
  return sql`EXISTS (SELECT 1 FROM message_projects mp WHERE mp.message_id = m.id AND mp.project_id = ANY(${idList(visible)}))`;
}

export interface MentionDetail extends FeedItem {
  collectedAt: string;
  sentimentSetBy: "auto" | "user";
  duplicates: Array<{ source: string; sourceType: string; url: string | null; seenAt: string }>;
  tasks: Array<{ id: string; title: string; status: string }>;
}

/** One mention as its page shows it, or a 404 when it does not exist or the user may not see it. */
export async function getMention(user: CurrentUser, id: string, language: string): Promise<MentionDetail> {
  if (!UUID.test(id)) throw data(null, { status: 404 });
  const where = sql`m.id = ${id} AND ${visibleCondition(user)}`;
  const rows = feedRows(where, visibleProjects(user), language, 1);
  const item = (await rows.next()).value;
  if (!item) throw data(null, { status: 404 });
  const [extra] = await queryRows<{ collectedAt: string; sentimentSetBy: "auto" | "user" }>(
    sql`SELECT collected_at AS "collectedAt", sentiment_set_by AS "sentimentSetBy" FROM messages WHERE id = ${id}`,
  );
  const duplicates = await queryRows<{
    source: string;
    translations: Record<string, Record<string, string>>;
    sourceType: string;
    url: string | null;
    seenAt: string;
  }>(sql`SELECT s.name AS source, s.translations, s.type AS "sourceType", d.url, d.seen_at AS "seenAt"
    FROM message_duplicates d JOIN sources s ON s.id = d.source_id WHERE d.message_id = ${id} ORDER BY d.seen_at`);
  const visible = visibleProjects(user);
  const linkedTasks = await queryRows<{ id: string; title: string; status: string }>(
    sql`SELECT id, title, status FROM tasks WHERE message_id = ${id}
      ${visible ? sql`AND (project_id IS NULL OR project_id = ANY(${idList(visible)}))` : sql``}
      ORDER BY created_at`,
  );
  return {
    ...item,
    collectedAt: new Date(extra?.collectedAt as string).toISOString(),
    sentimentSetBy: extra?.sentimentSetBy ?? "auto",
    duplicates: duplicates.map(({ translations, ...d }) => ({
      ...d,
      source: inLanguage({ name: d.source, translations }, "name", language),
      seenAt: new Date(d.seenAt).toISOString(),
    })),
    tasks: linkedTasks,
  };
}

export type Change =
  | { intent: Exclude<BulkIntent, "sentiment" | "tag"> }
  | { intent: "sentiment"; sentiment: "positive" | "neutral" | "negative" }
  | { intent: "tag"; tag: string }
  | { intent: "untag"; tag: string };

function assignment(change: Change): SQL {
  switch (change.intent) {
    case "read":
      return sql`is_read = true`;
    case "unread":
      return sql`is_read = false`;
    case "star":
      return sql`is_starred = true`;
    case "unstar":
      return sql`is_starred = false`;
    case "archive":
      return sql`is_archived = true`;
    case "unarchive":
      return sql`is_archived = false`;
    // A person's word on the sentiment: the pipeline never scores this mention again.
    case "sentiment":
      return sql`sentiment = ${change.sentiment}, sentiment_set_by = 'user'`;
    case "tag":
      return sql`tags = CASE WHEN ${change.tag} = ANY(tags) THEN tags ELSE array_append(tags, ${change.tag}) END`;
    case "untag":
      return sql`tags = array_remove(tags, ${change.tag})`;
  }
}

/**
 * Applies a change to the mentions that match `where` (over messages `m` and sources `s`) and that the
 * user may see; returns how many there were.
 */
export async function changeMentions(user: CurrentUser, change: Change, where: SQL): Promise<number> {
  if (!can(user, "messages.triage")) throw data(null, { status: 403 });
  const changed = await queryRows<{ id: string }>(sql`
    UPDATE messages AS m SET ${assignment(change)} FROM sources s
    WHERE s.id = m.source_id AND ${where} AND ${visibleCondition(user)}
    RETURNING m.id`);
  if (changed.length) mentionsChanged();
  return changed.length;
}

export const byIds = (ids: readonly string[]) => {
  const valid = ids.filter((id) => UUID.test(id));
  return valid.length ? sql`m.id = ANY(${idList(valid)})` : sql`false`;
};

/** Opening a mention marks it read, for those who triage (a viewer's reading changes nothing). */
export async function markOpened(user: CurrentUser, id: string) {
  if (!can(user, "messages.triage")) return;
  await changeMentions(user, { intent: "read" }, sql`${byIds([id])} AND NOT m.is_read`);
}

/** A task about a mention, in one of the mention's projects the user may see. */
export async function createTaskFromMention(
  user: CurrentUser,
  mention: Pick<MentionDetail, "id" | "projects">,
  input: { title: string; projectId: string | null },
) {
  if (!can(user, "tasks.edit")) throw data(null, { status: 403 });
  const projectId = input.projectId && mention.projects.some((p) => p.id === input.projectId) ? input.projectId : null;
  const [task] = await getDb()
    .insert(tasks)
    .values({ title: input.title, projectId, messageId: mention.id, createdBy: user.id })
    .returning({ id: tasks.id });
  return task as { id: string };
}

export const tagSchema = freeText().pipe(z.string().min(1).max(MAX_TAG));
const sentimentSchema = z.enum(SENTIMENTS);

/** The change a form asks for (intent, and the sentiment or tag it needs), or null when it is not one. */
export function changeFrom(intent: string, form: FormData): Change | null {
  if (intent === "sentiment") {
    const sentiment = sentimentSchema.safeParse(form.get("sentiment"));
    return sentiment.success ? { intent, sentiment: sentiment.data } : null;
  }
  if (intent === "tag" || intent === "untag") {
    const tag = tagSchema.safeParse(form.get("tag"));
    return tag.success ? { intent, tag: tag.data } : null;
  }
  return (BULK_INTENTS as readonly string[]).includes(intent) ? ({ intent } as Change) : null;
}

/**
 * The feed's bulk form: the ticked mentions, or (scope=all) every mention matching the feed's URL, found
 * here with the feed's own conditions. Back to the same feed with a toast either way.
 */
export async function bulkChange(context: Readonly<RouterContextProvider>, form: FormData, url: URL) {
  const user = requireRole(context, "messages.triage");
  const back = `${url.pathname}${url.search}`;
  const bulk = parseBulkAction(messagesFeed, form, BULK_INTENTS);
  if (!bulk.ok) return backTo(back, { type: "error", key: bulk.error });
  const change = changeFrom(bulk.intent, form);
  if (!change) {
    const key = bulk.intent === "tag" ? "messages:bulk.badTag" : "tables:bulk.invalid";
    return backTo(back, { type: "error", key });
  }
  const where = bulk.allMatching ? feedContext(context, user, url.searchParams).where : byIds(bulk.ids);
  const count = await changeMentions(user, change, where);
  return backTo(back, { type: "success", key: "messages:bulk.done", values: { count } });
}

const taskSchema = z.object({
  title: freeText().pipe(z.string().min(1, "messages:task.titleRequired").max(200, "messages:task.titleTooLong")),
  projectId: z.union([z.uuid(), z.literal("")]).optional(),
});

/**
 * A mention page's forms: one change (read, star, archive, sentiment, tag, untag) or "Create task". Back to
 * the same page with a toast; a task form with a bad title comes back with what was typed.
 */
export async function mentionAction(
  context: Readonly<RouterContextProvider>,
  messageId: string,
  form: FormData,
  url: URL,
  language: string,
) {
  const user = requireRole(context, "messages.triage");
  const back = `${url.pathname}${url.search}`;
  const intent = String(form.get("intent") ?? "");
  if (intent === "task") {
    const mention = await getMention(user, messageId, language);
    const parsed = parseForm(form, taskSchema);
    if (!parsed.success) return formFailure(parsed.result);
    await createTaskFromMention(user, mention, { title: parsed.data.title, projectId: parsed.data.projectId || null });
    return backTo(back, { type: "success", key: "messages:task.created" });
  }
  const change = changeFrom(intent, form);
  if (!change) {
    const key = intent === "tag" ? "messages:bulk.badTag" : "tables:bulk.invalid";
    return backTo(back, { type: "error", key });
  }
  if ((await changeMentions(user, change, byIds([messageId]))) === 0) throw data(null, { status: 404 });
  return backTo(back, { type: "success", key: `messages:changed.${change.intent}` });
}
