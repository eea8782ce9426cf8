// Reading one mention and changing mentions (read, star, archive, sentiment, tags, tasks), alone or in bulk.
// Every change is limited to mentions the reader may see and needs the triage right.
import { type SQL, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { mentionsChanged } from "~/core/kept.server";
import { can } from "~/core/permissions";
import type { Reader } from "~/core/reader";
import { inScope, visibleMentions, visibleScope } from "~/core/scope.server";
import { isUuid, queryRows, uuidArray, uuids } from "~/core/sql.server";
import { tasks } from "~/db/schema";
import { inLanguage } from "~/lib/translations";
import { type FeedItem, feedRows, workspaceTags } from "./feed.server";
import type { Change, TaskInput } from "./schemas";

export interface MentionDetail extends FeedItem {
  collectedAt: string;
  sentimentSetBy: "auto" | "user";
  duplicates: Array<{ source: string; sourceType: string; url: string | null; seenAt: string }>;
  tasks: Array<{ id: string; title: string; status: string }>;
}

/** One mention as its page shows it; null when it does not exist or the reader may not see it. */
export async function getMention(services: Services, reader: Reader, id: string): Promise<MentionDetail | null> {
  if (!isUuid(id)) return null;
  const { db } = services;
  const rows = feedRows(services, reader, sql`m.id = ${id} AND ${visibleMentions(reader, sql`m.id`)}`, 1);
  const item = (await rows.next()).value;
  if (!item) return null;
  const [extra] = await queryRows<{ collectedAt: string; sentimentSetBy: "auto" | "user" }>(
    db,
    sql`SELECT collected_at AS "collectedAt", sentiment_set_by AS "sentimentSetBy" FROM messages WHERE id = ${id}`,
  );
  const duplicates = await queryRows<{
    source: string;
    translations: Record<string, Record<string, string>>;
    sourceType: string;
    url: string | null;
    seenAt: string;
  }>(
    db,
    sql`SELECT s.name AS source, s.translations, s.type AS "sourceType", d.url, d.seen_at AS "seenAt"
    FROM message_duplicates d JOIN sources s ON s.id = d.source_id WHERE d.message_id = ${id} ORDER BY d.seen_at`,
  );
  const linkedTasks = await queryRows<{ id: string; title: string; status: string }>(
    db,
    sql`SELECT id, title, status FROM tasks
      WHERE message_id = ${id} AND ${inScope(visibleScope(reader), sql`project_id`)} ORDER BY created_at`,
  );
  return {
    ...item,
    collectedAt: new Date(extra?.collectedAt as string).toISOString(),
    sentimentSetBy: extra?.sentimentSetBy ?? "auto",
    duplicates: duplicates.map(({ translations, ...d }) => ({
      ...d,
      source: inLanguage({ name: d.source, translations }, "name", reader.language),
      seenAt: new Date(d.seenAt).toISOString(),
    })),
    tasks: linkedTasks,
  };
}

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
 * Applies a change to the mentions that match `where` (over messages `m` and sources `s`, as a feed's) and
 * that the reader may see; returns how many there were (none for a reader without the triage right).
 */
export async function changeMentions({ db }: Services, reader: Reader, change: Change, where: SQL): Promise<number> {
  if (!can(reader, "messages.triage")) return 0;
  const changed = await queryRows<{ id: string }>(
    db,
    sql`UPDATE messages AS m SET ${assignment(change)} FROM sources s
    WHERE s.id = m.source_id AND ${where} AND ${visibleMentions(reader, sql`m.id`)}
    RETURNING m.id`,
  );
  if (changed.length) mentionsChanged();
  return changed.length;
}

/** The mentions ticked in a form (ids that are not well-formed match nothing). */
export const byIds = (ids: readonly string[]) => {
  const valid = uuids(ids);
  return valid.length ? sql`m.id = ANY(${uuidArray(valid)})` : sql`false`;
};

/**
 * A task about a mention, in the mention's project the reader chose, else its first one the reader sees (so
 * the reader can open the task in /tasks). Null when the mention is missing or not the reader's.
 */
export async function createTaskFromMention(
  services: Services,
  reader: Reader,
  messageId: string,
  input: TaskInput,
): Promise<{ id: string } | null> {
  if (!can(reader, "tasks.edit")) return null;
  const mention = await getMention(services, reader, messageId);
  if (!mention) return null;
  const project = mention.projects.find((p) => p.id === input.projectId) ?? mention.projects[0];
  const [task] = await services.db
    .insert(tasks)
    .values({ title: input.title, projectId: project?.id ?? null, messageId, createdBy: reader.id })
    .returning({ id: tasks.id });
  return task ?? null;
}

/**
 * A mention's page: the mention (marked read when the reader triages: opening it is reading it), the tags to
 * suggest, what the reader may do. Null when it is missing or not the reader's.
 */
export async function loadMention(services: Services, reader: Reader, id: string) {
  const mention = await getMention(services, reader, id);
  if (!mention) return null;
  const canTriage = can(reader, "messages.triage");
  if (canTriage && !mention.isRead) await changeMentions(services, reader, { intent: "read" }, byIds([id]));
  return {
    mention: { ...mention, isRead: mention.isRead || canTriage },
    tags: canTriage ? await workspaceTags(services, reader) : [],
    canTriage,
    canCreateTask: can(reader, "tasks.edit"),
    defaultProjectId:
      mention.projects.find((p) => p.id === reader.activeProjectId)?.id ?? mention.projects[0]?.id ?? "",
  };
}

export type MentionData = NonNullable<Awaited<ReturnType<typeof loadMention>>>;
