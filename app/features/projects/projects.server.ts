import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { can, canAccessProject, type Permission } from "../../core/permissions";
import type { CurrentUser } from "../../core/reader";
import { getDb } from "../../db/client.server";
import { keptRead } from "../../db/kept-reads.server";
import { projects, userPreferences } from "../../db/schema";
import { inLanguage, withoutTranslations } from "../../lib/translations";
import { queueRematch } from "./rematch.server";
import type { ProjectInput } from "./schemas";

export type Project = typeof projects.$inferSelect;
export type ProjectStatus = Project["status"];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requirePermission(user: CurrentUser, permission: Permission) {
  if (!can(user, permission)) throw data(null, { status: 403 });
}

/** Ids of the projects a user may see: null for "all" (admins). */
function visibleIds(user: CurrentUser): string[] | null {
  return user.roles.includes("admin") ? null : user.projectIds.filter((id) => UUID.test(id));
}

export type ProjectListItem = Pick<Project, "id" | "name" | "description" | "color" | "status" | "keywords">;

/** The projects a user may see, active first, then by name (the switcher, the overview's scope). */
export async function listProjects(user: CurrentUser): Promise<ProjectListItem[]> {
  const ids = visibleIds(user);
  if (ids && ids.length === 0) return [];
  return keptRead(`projects:${ids?.join() ?? "all"}`, () =>
    getDb()
      .select({
        id: projects.id,
        name: projects.name,
        description: projects.description,
        color: projects.color,
        status: projects.status,
        keywords: projects.keywords,
      })
      .from(projects)
      .where(ids ? inArray(projects.id, ids) : undefined)
      .orderBy(asc(projects.status), asc(sql`lower(${projects.name})`)),
  );
}

const listedPerRequest = new WeakMap<object, Promise<ProjectListItem[]>>();

/** `listProjects(user)` once per request: the signed-in layout and its page both need the list. */
export function listProjectsOnce(context: Readonly<RouterContextProvider>, user: CurrentUser) {
  let listed = listedPerRequest.get(context);
  if (!listed) {
    listed = listProjects(user);
    listedPerRequest.set(context, listed);
  }
  return listed;
}

/** What the reader sees of a project: its description in their language when the demo wrote it in several. */
export function inReadersLanguage(project: Project, language: string) {
  const { translations: _all, ...shown } = project;
  return { ...shown, description: inLanguage(project, "description", language) };
}

/** A project the user may see; anything else (unknown, or not theirs) is 404. */
export async function getProject(user: CurrentUser, id: string): Promise<Project> {
  if (!UUID.test(id) || !canAccessProject(user, id)) throw data(null, { status: 404 });
  const [row] = await getDb().select().from(projects).where(eq(projects.id, id));
  if (!row) throw data(null, { status: 404 });
  return row;
}

/** Projects a project may be compared with: every other project the user can see. */
export async function competitorChoices(user: CurrentUser, exceptId?: string) {
  const rows = await listProjects(user);
  return rows.filter((p) => p.id !== exceptId).map((p) => ({ id: p.id, name: p.name }));
}

export class DuplicateNameError extends Error {}

async function assertUniqueName(name: string, exceptId?: string) {
  const [clash] = await getDb()
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(sql`lower(${projects.name}) = lower(${name})`, exceptId ? sql`${projects.id} <> ${exceptId}` : undefined),
    );
  if (clash) throw new DuplicateNameError(name);
}

async function allowedCompetitors(user: CurrentUser, ids: string[], exceptId?: string) {
  const choices = new Set((await competitorChoices(user, exceptId)).map((c) => c.id));
  return ids.filter((id) => choices.has(id));
}

export async function createProject(user: CurrentUser, input: ProjectInput): Promise<Project> {
  requirePermission(user, "projects.create");
  await assertUniqueName(input.name);
  const [row] = await getDb()
    .insert(projects)
    .values({ ...input, competitorIds: await allowedCompetitors(user, input.competitorIds), createdBy: user.id })
    .returning();
  const project = row as Project;
  await queueRematch(project.id);
  return project;
}

/**
 * `language` is the one the form showed the description in: a description the user left as shown keeps
 * its other languages; one they wrote replaces them.
 */
export async function updateProject(
  user: CurrentUser,
  id: string,
  input: ProjectInput,
  language: string,
): Promise<Project> {
  requirePermission(user, "projects.manage");
  const current = await getProject(user, id);
  await assertUniqueName(input.name, id);
  const descriptionKept = (input.description ?? null) === inLanguage(current, "description", language);
  const [row] = await getDb()
    .update(projects)
    .set({
      ...input,
      ...(descriptionKept
        ? { description: current.description }
        : { translations: withoutTranslations(current.translations, ["description"]) }),
      competitorIds: await allowedCompetitors(user, input.competitorIds, id),
      updatedAt: sql`now()`,
    })
    .where(eq(projects.id, current.id))
    .returning();
  const project = row as Project;
  const rulesChanged = ["keywords", "requiredWords", "excludedWords", "languages"].some(
    (key) => JSON.stringify(current[key as keyof Project]) !== JSON.stringify(project[key as keyof Project]),
  );
  if (rulesChanged) await queueRematch(project.id);
  return project;
}

export async function setProjectStatus(user: CurrentUser, id: string, status: ProjectStatus) {
  requirePermission(user, "projects.manage");
  const project = await getProject(user, id);
  await getDb().update(projects).set({ status, updatedAt: sql`now()` }).where(eq(projects.id, project.id));
}

export async function deleteProject(user: CurrentUser, id: string) {
  requirePermission(user, "projects.delete");
  const project = await getProject(user, id);
  await getDb().delete(projects).where(eq(projects.id, project.id));
  await forgetDeletedProjects([project.id]);
  return project;
}

/** Whoever had a deleted project chosen in the switcher is back on "All projects", not on an empty scope. */
export async function forgetDeletedProjects(ids: string[]) {
  if (ids.length === 0) return;
  await getDb()
    .update(userPreferences)
    .set({ activeProjectId: null })
    .where(inArray(userPreferences.activeProjectId, ids));
}
