// Test-data builders: every test that seeds data goes through these, so a schema change is mended once.
// A signed-in user's request context is `signedInContext` (tests/support/session.ts).
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { messageProjects, messages, projects, sources, tasks } from "~/db/schema";
import { testDatabase } from "./database";
import { installTestServices } from "./services";

type Sentiment = "positive" | "neutral" | "negative";
let counter = 0;
const next = () => ++counter;

/** A migrated database of the test file's own, in its services (tests/support/services.ts). */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const handle = openDatabase(await testDatabase());
  installTestServices({ database: handle });
  await handle.migrate();
  return handle;
}

export async function aProject(handle: DatabaseHandle, values: Partial<typeof projects.$inferInsert> = {}) {
  const n = next();
  const [project] = await handle.db
    .insert(projects)
    .values({ name: `Project ${n}`, keywords: [`keyword${n}`], ...values })
    .returning();
  return project!;
}

export async function aTask(handle: DatabaseHandle, values: Partial<typeof tasks.$inferInsert> = {}) {
  const n = next();
  const [task] = await handle.db
    .insert(tasks)
    .values({ title: `Task ${n}`, ...values })
    .returning();
  return task!;
}

export async function aSource(handle: DatabaseHandle, values: Partial<typeof sources.$inferInsert> = {}) {
  const n = next();
  const [source] = await handle.db
    .insert(sources)
    .values({ type: "rss", name: `Source ${n}`, url: `https://feed${n}.example/rss`, ...values })
    .returning();
  return source!;
}

export interface MentionSpec {
  /** When it was published; or `daysAgo` from now. */
  at?: Date;
  daysAgo?: number;
  sentiment?: Sentiment;
  reach?: number;
  text?: string;
  title?: string;
  language?: string;
  externalId?: string;
  author?: string;
  url?: string;
  tags?: string[];
  isRead?: boolean;
  isStarred?: boolean;
  isArchived?: boolean;
}

/**
 * Stores one message per spec from `source`, linked to each of `projectIds` (none: stored but unmatched),
 * as the collector would; the rollup triggers count the links. Returns the messages in spec order.
 */
export async function mentions(
  handle: DatabaseHandle,
  { source, projectIds = [], items }: { source: { id: string }; projectIds?: string[]; items: MentionSpec[] },
) {
  const rows = items.map((item) => {
    const n = next();
    const publishedAt = item.at ?? new Date(Date.now() - (item.daysAgo ?? 0) * 86_400_000);
    const text = item.text ?? `Mention ${n}`;
    return {
      sourceId: source.id,
      externalId: item.externalId ?? `m${n}`,
      title: item.title,
      text,
      contentHash: `hash-${n}`,
      publishedAt,
      language: item.language,
      sentiment: item.sentiment ?? "neutral",
      reach: item.reach ?? 0,
      author: item.author,
      url: item.url,
      tags: item.tags,
      isRead: item.isRead,
      isStarred: item.isStarred,
      isArchived: item.isArchived,
    };
  });
  const stored = rows.length ? await handle.db.insert(messages).values(rows).returning() : [];
  const links = stored.flatMap((message) =>
    projectIds.map((projectId) => ({
      messageId: message.id,
      projectId,
      matchedTerms: ["x"],
      publishedAt: message.publishedAt,
    })),
  );
  if (links.length) await handle.db.insert(messageProjects).values(links);
  return stored;
}

/** 28 ordinary days of about ten mentions each (one negative) before now: what alerts compare a day with. */
export async function usualMonth(handle: DatabaseHandle, projectId: string) {
  const source = await aSource(handle);
  await mentions(handle, {
    source,
    projectIds: [projectId],
    items: Array.from({ length: 28 }, (_, i) => i + 1).flatMap((daysAgo) =>
      Array.from({ length: 9 + (daysAgo % 3) }, (_, k) => ({
        daysAgo,
        sentiment: k === 0 ? ("negative" as const) : ("neutral" as const),
      })),
    ),
  });
}
