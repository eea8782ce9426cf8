// Who sees which projects, as SQL (ADR 042): admins see every project, anyone else the projects on their
// account. Every query that reads projects, mentions, tasks, sources, alerts or reports for a reader narrows
// through here, on screens, exports, the palette, jobs and the assistant alike.
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Audience } from "./reader.ts";
import { isUuid, uuidArray } from "./sql.server.ts";

/** Project ids, or every project. */
export type ProjectScope = readonly string[] | "all";

/** The projects an audience may see. */
export function visibleScope(audience: Audience): ProjectScope {
  return audience.roles.includes("admin") ? "all" : audience.projectIds.filter(isUuid);
}

export function canSeeProject(audience: Audience, projectId: string): boolean {
  return audience.roles.includes("admin") || audience.projectIds.includes(projectId);
}

/**
 * The projects a screen covers: those chosen in its filter that the reader may see, else the switcher's
 * project, else every project the reader may see.
 */
export function readerScope(
  audience: Audience,
  { chosen = [], active = null }: { chosen?: readonly string[]; active?: string | null } = {},
): ProjectScope {
  const visible = visibleScope(audience);
  const allowed = (ids: readonly string[]) => ids.filter((id) => isUuid(id) && canSeeProject(audience, id));
  if (chosen.length) return allowed(chosen);
  if (active && canSeeProject(audience, active)) return [active];
  return visible;
}

/** A project-id column within a scope. */
export function inScope(scope: ProjectScope, projectId: SQLWrapper): SQL {
  if (scope === "all") return sql`true`;
  return scope.length ? sql`${projectId} = ANY(${uuidArray(scope)})` : sql`false`;
}

/**
 * A mention of a project within the scope ("all": of any project). Screens, exports and totals read mentions
 * through this; a mention that matches no project belongs to no scope.
 */
export function mentionInScope(scope: ProjectScope, messageId: SQLWrapper): SQL {
  if (scope === "all") return sql`EXISTS (SELECT 1 FROM message_projects vp WHERE vp.message_id = ${messageId})`;
  if (scope.length === 0) return sql`false`;
  return sql`EXISTS (SELECT 1 FROM message_projects vp WHERE vp.message_id = ${messageId} AND vp.project_id = ANY(${uuidArray(scope)}))`;
}

/** A project-id column restricted to what the audience may see. */
export function visibleProjects(audience: Audience, projectId: SQLWrapper): SQL {
  return inScope(visibleScope(audience), projectId);
}

/**
 * A mention the audience may open: an admin any mention (also one that matches no project, reached from its
 * source), anyone else a mention of one of their projects.
 */
export function visibleMentions(audience: Audience, messageId: SQLWrapper): SQL {
  const scope = visibleScope(audience);
  return scope === "all" ? sql`true` : mentionInScope(scope, messageId);
}

/**
 * A mention the audience may count without opening it (the query preview, ADR 046): an admin any mention,
 * anyone else a mention of one of their projects or of no project. A mention of someone else's project
 * never is, so no count tells what another project holds.
 */
export function countableMentions(audience: Audience, messageId: SQLWrapper): SQL {
  const scope = visibleScope(audience);
  if (scope === "all") return sql`true`;
  const unclaimed = sql`NOT EXISTS (SELECT 1 FROM message_projects cp WHERE cp.message_id = ${messageId})`;
  return sql`(${unclaimed} OR ${mentionInScope(scope, messageId)})`;
}
