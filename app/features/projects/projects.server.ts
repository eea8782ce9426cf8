import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { mentionsChanged } from "~/core/kept.server";
import type { Audience, Reader } from "~/core/reader";
import { inScope, visibleScope } from "~/core/scope.server";
import { isUuid } from "~/core/sql.server";
import type { Database } from "~/db/client.server";
import { projects, userPreferences } from "~/db/schema";
import { inLanguage, withoutTranslations } from "~/lib/translations";
import { queueRematch } from "./rematch.server";
import type { ProjectInput } from "./schemas";

export type Project = typeof projects.$inferSelect;
export type ProjectStatus = Project["status"];

export type ProjectListItem = Pick<Project, "id" | "name" | "description" | "color" | "status" | "keywords">;

/** The projects an audience may see, active first, then by name (the switcher, the overview's scope). */
export async function listProjects({ db, kept }: Services, audience: Audience): Promise<ProjectListItem[]> {
  const scope = visibleScope(audience);
  if (scope !== "all" && scope.length === 0) return [];
  return kept.read(`projects:${scope === "all" ? "all" : scope.join()}`, () =>
    db
      .select({
        id: projects.id,
        name: projects.name,
        description: projects.description,
        color: projects.color,
        status: projects.status,
        keywords: projects.keywords,
      })
      .from(projects)
      .where(inScope(scope, projects.id))
      .orderBy(asc(projects.status), asc(sql`lower(${projects.name})`)),
  );
}

/** What the reader sees of a project: its description in their language when the demo wrote it in several. */
export function inReadersLanguage(project: Project, language: string) {
  const { translations: _all, ...shown } = project;
  return { ...shown, description: inLanguage(project, "description", language) };
}

/** A project the audience may see; null for anything else (unknown, or not theirs). */
export async function getProject({ db }: Services, audience: Audience, id: string): Promise<Project | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), inScope(visibleScope(audience), projects.id)));
  return row ?? null;
}

/** Projects a project may be compared with: every other project the audience can see. */
export async function competitorChoices(services: Services, audience: Audience, exceptId?: string) {
  const rows = await listProjects(services, audience);
  return rows.filter((p) => p.id !== exceptId).map((p) => ({ id: p.id, name: p.name }));
}

/** A project saved, or the field the form shows an error on (its name is another project's). */
export type Saved = { ok: true; project: Project } | { ok: false; fieldErrors: { name: string } };

const NAME_TAKEN = { ok: false, fieldErrors: { name: "projects:errors.nameTaken" } } as const;

async function nameTaken(db: Database, name: string, exceptId?: string): Promise<boolean> {
  const [clash] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(sql`lower(${projects.name}) = lower(${name})`, exceptId ? sql`${projects.id} <> ${exceptId}` : undefined),
    );
  return clash !== undefined;
}

async function allowedCompetitors(services: Services, audience: Audience, ids: string[], exceptId?: string) {
  const choices = new Set((await competitorChoices(services, audience, exceptId)).map((c) => c.id));
  return ids.filter((id) => choices.has(id));
}

/** A new project (the route has checked `projects.create`); its rules are matched in the background. */
export async function createProject(services: Services, reader: Reader, input: ProjectInput): Promise<Saved> {
  if (await nameTaken(services.db, input.name)) return NAME_TAKEN;
  const competitorIds = await allowedCompetitors(services, reader, input.competitorIds);
  const [row] = await services.db
    .insert(projects)
    .values({ ...input, competitorIds, createdBy: reader.id })
    .returning();
  const project = row as Project;
  await queueRematch(services, project.id);
  return { ok: true, project };
}

/**
 * A project changed (the route has checked `projects.manage`); null when the reader may not see it. A
 * description left as the form showed it in the reader's language keeps its other languages; one they
 * wrote replaces them.
 */
export async function updateProject(
  services: Services,
  reader: Reader,
  id: string,
  input: ProjectInput,
): Promise<Saved | null> {
  const current = await getProject(services, reader, id);
  if (!current) return null;
  if (await nameTaken(services.db, input.name, id)) return NAME_TAKEN;
  const descriptionKept = (input.description ?? null) === inLanguage(current, "description", reader.language);
  const [row] = await services.db
    .update(projects)
    .set({
      ...input,
      ...(descriptionKept
        ? { description: current.description }
        : { translations: withoutTranslations(current.translations, ["description"]) }),
      competitorIds: await allowedCompetitors(services, reader, input.competitorIds, id),
      updatedAt: sql`now()`,
    })
    .where(eq(projects.id, current.id))
    .returning();
  const project = row as Project;
  const rulesChanged = ["keywords", "requiredWords", "excludedWords", "languages"].some(
    (key) => JSON.stringify(current[key as keyof Project]) !== JSON.stringify(project[key as keyof Project]),
  );
  if (rulesChanged) await queueRematch(services, project.id);
  // Its name and competitors show in kept figures (share of voice) and feed pages.
  mentionsChanged();
  return { ok: true, project };
}

/** Pauses or resumes a project (the route has checked `projects.manage`); null when not the reader's. */
export async function setProjectStatus(services: Services, audience: Audience, id: string, status: ProjectStatus) {
  const project = await getProject(services, audience, id);
  if (!project) return null;
  await services.db.update(projects).set({ status, updatedAt: sql`now()` }).where(eq(projects.id, project.id));
  return project;
}

/** Deletes a project (the route has checked `projects.delete`); null when not the reader's. */
export async function deleteProject(services: Services, audience: Audience, id: string) {
  const project = await getProject(services, audience, id);
  if (!project) return null;
  await services.db.delete(projects).where(eq(projects.id, project.id));
  await forgetDeletedProjects(services, [project.id]);
  return project;
}

/** Whoever had a deleted project chosen in the switcher is back on "All projects", not on an empty scope. */
export async function forgetDeletedProjects({ db }: Services, ids: string[]) {
  if (ids.length === 0) return;
  await db.update(userPreferences).set({ activeProjectId: null }).where(inArray(userPreferences.activeProjectId, ids));
  // Their links went with them: kept figures and feed pages must not count them any more.
  mentionsChanged();
}
