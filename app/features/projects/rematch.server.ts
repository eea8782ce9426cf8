// Re-matching: after a project is created or its rules change, the stored messages of the last 90 days are
// matched against the new rules in the background (the "rematch-project" job), a batch at a time, with the
// progress kept in projects.rematch for the project page. Links are added and removed; the rollup triggers
// follow. Older links stay as they were.
import { and, eq, gte, sql } from "drizzle-orm";
import type { Services } from "../../core/context.server.ts";
import { mentionsChanged } from "../../core/kept.server";
import { createMatcher } from "../../core/matcher.ts";
import { queryRows } from "../../core/sql.server.ts";
import type { Database } from "../../db/client.server";
import { messages, projects, type RematchState } from "../../db/schema";

export const REMATCH_WINDOW_DAYS = 90;
const BATCH = 1_000;

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
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const batch = await db
        .select({
          id: messages.id,
          title: messages.title,
          text: messages.text,
          language: messages.language,
          publishedAt: messages.publishedAt,
        })
        .from(messages)
        .where(and(inWindow, sql`${messages.id} > ${after}`))
        .orderBy(messages.id)
        .limit(BATCH);
      if (batch.length === 0) break;
      const links = batch.flatMap((m) => {
        const terms = match(m);
        return terms
          ? [{ message_id: m.id, project_id: projectId, matched_terms: terms, published_at: m.publishedAt }]
          : [];
      });
      const { added, removed } = await db.transaction(async (tx) => {
        const gone = await queryRows<{ message_id: string }>(
          tx,
          sql`DELETE FROM message_projects WHERE project_id = ${projectId}
              AND message_id IN (SELECT jsonb_array_elements_text(${json(batch.map((m) => m.id))})::uuid)
              AND message_id NOT IN (SELECT jsonb_array_elements_text(${json(links.map((l) => l.message_id))})::uuid)
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
      after = (batch.at(-1) as { id: string }).id;
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
