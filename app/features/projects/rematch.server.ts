// Re-matching: after a project is created or its rules change, the stored messages of the last 90 days are
// matched against the new rules in the background (the "rematch-project" job), a chunk at a time, with the
// progress kept in projects.rematch for the project page. Links are added and removed; the rollup triggers
// follow. Older links stay as they were. Each chunk is its own transaction, so readers see the counts move
// chunk by chunk and never wait on the whole; matching runs in slices, so the server keeps answering while a
// million mentions are read.
import { and, eq, gte, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { mentionsChanged } from "~/core/kept.server";
import { createMatcher } from "~/core/matcher";
import { queryRows } from "~/core/sql.server";
import type { Database } from "~/db/client.server";
import { messages, projects, type RematchState } from "~/db/schema";
import { mapInSlices } from "~/lib/slices";

export const REMATCH_WINDOW_DAYS = 90;
/** Messages per chunk: on the embedded database other statements wait while a chunk's transaction runs. */
const CHUNK = 250;

async function saveState(db: Database, projectId: string, state: RematchState) {
  await db.update(projects).set({ rematch: state }).where(eq(projects.id, projectId));
}

/** Shows the re-match as queued and puts it on the job queue (one may wait while another runs). */
export async function queueRematch({ db, jobs }: Services, projectId: string) {
  await saveState(db, projectId, {
    status: "queued",
    processed: 0,
    total: 0,
    added: 0,
    removed: 0,
    startedAt: new Date().toISOString(),
  });
  await jobs.send("rematch-project", { projectId }, { singletonKey: projectId });
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/** Ids as one uuid[] parameter (uuids need no quoting in an array literal). */
const idArray = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/** The job: links the project to exactly the messages of the last 90 days its rules match. */
export async function rematchProject({ db }: Services, projectId: string, now = new Date()) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) return;
  const since = new Date(now.getTime() - REMATCH_WINDOW_DAYS * 86_400_000);
  const inWindow = gte(messages.publishedAt, since);
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(messages).where(inWindow);
  let state: RematchState = {
    status: "running",
    processed: 0,
    total: counted?.total ?? 0,
    added: 0,
    removed: 0,
    startedAt: now.toISOString(),
  };
  await saveState(db, projectId, state);
  const match = createMatcher(project);
  try {
    // Walked in (published_at, id) order along the feed's index, so only the window's messages are read. The
    // time goes round as PostgreSQL's text: a JavaScript Date would drop its microseconds.
    let after: { at: string; id: string } | undefined;
    for (;;) {
      const batch = await db
        .select({
          id: messages.id,
          title: messages.title,
          text: messages.text,
          language: messages.language,
          publishedAt: messages.publishedAt,
          at: sql<string>`${messages.publishedAt}::text`,
        })
        .from(messages)
        .where(
          after
            ? and(
                inWindow,
                sql`(${messages.publishedAt}, ${messages.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`,
              )
            : inWindow,
        )
        .orderBy(messages.publishedAt, messages.id)
        .limit(CHUNK);
      if (batch.length === 0) break;
      const matched = await mapInSlices(batch, (m) => {
        const terms = match(m);
        return terms
          ? [{ message_id: m.id, project_id: projectId, matched_terms: terms, published_at: m.publishedAt }]
          : [];
      });
      const links = matched.flat();
      const { added, removed } = await db.transaction(async (tx) => {
        // The ids as array constants: while the project's new links are not yet in the statistics the planner
        // walks all of them, and a subquery here was read again for each (18 s a chunk at 10 000 links);
        // a constant is looked up in a hash.
        const gone = await queryRows<{ message_id: string }>(
          tx,
          sql`DELETE FROM message_projects WHERE project_id = ${projectId}
              AND message_id = ANY(${idArray(batch.map((m) => m.id))})
              AND message_id <> ALL(${idArray(links.map((l) => l.message_id))})
              RETURNING message_id`,
        );
        // A link that stays gets the terms the new rules found; only new links count as added.
        const upserted = links.length
          ? await queryRows<{ inserted: boolean }>(
              tx,
              sql`INSERT INTO message_projects (message_id, project_id, matched_terms, published_at)
                  SELECT * FROM jsonb_to_recordset(${json(links)})
                    AS l(message_id uuid, project_id uuid, matched_terms text[], published_at timestamptz)
                  ON CONFLICT (message_id, project_id) DO UPDATE SET matched_terms = excluded.matched_terms
                    WHERE message_projects.matched_terms IS DISTINCT FROM excluded.matched_terms
                  RETURNING (xmax = 0) AS inserted`,
            )
          : [];
        return { added: upserted.filter((r) => r.inserted).length, removed: gone.length };
      });
      state = {
        ...state,
        processed: state.processed + batch.length,
        added: state.added + added,
        removed: state.removed + removed,
      };
      await saveState(db, projectId, state);
      mentionsChanged();
      after = batch.at(-1);
    }
    state = { ...state, status: "done", finishedAt: new Date().toISOString() };
  } catch (error) {
    state = { ...state, status: "failed", error: (error as Error).message, finishedAt: new Date().toISOString() };
    throw error;
  } finally {
    await saveState(db, projectId, state);
    mentionsChanged();
  }
}
