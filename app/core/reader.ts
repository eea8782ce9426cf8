import type { Role } from "./auth-contract.ts";

export interface CurrentUser {
  id: string;
  email: string;
  roles: Role[];
  projectIds: string[];
  createdAt: string;
  /** SPEC §3: derived from the part of the e-mail before the at-sign. */
  displayName: string;
  username: string;
  firstName: string;
  lastName: string;
  imageUrl: string;
  /** Signed in with a one-time password: only Settings → Account is open until they choose their own. */
  mustChangePassword: boolean;
}

/** What a user may see depends on: the key of reads kept per user (kept-reads.server.ts). */
export const userScope = (user: CurrentUser) => `${user.id}|${user.roles.join()}|${user.projectIds.join()}`;

export function toCurrentUser(user: {
  id: string;
  email: string;
  roles: Role[];
  projectIds: string[];
  createdAt: string;
  mustChangePassword?: boolean;
}): CurrentUser {
  const local = user.email.split("@")[0] ?? user.email;
  return {
    id: user.id,
    email: user.email,
    roles: user.roles,
    projectIds: user.projectIds,
    createdAt: user.createdAt,
    displayName: local,
    username: local,
    firstName: local,
    lastName: "",
    imageUrl: "",
    mustChangePassword: user.mustChangePassword ?? false,
  };
}

/** Whom a question is asked for: what they may see (roles × projects), in their zone and language. */
export interface Reader extends CurrentUser {
  timeZone: string;
  language: string;
  /** The switcher's project, when the reader may still see it; null is "all projects". */
  activeProjectId: string | null;
}

/** Who sees what, without a person: a background job acting for one project's audience. */
export type Audience = Pick<CurrentUser, "roles" | "projectIds">;

/** Whom a feed is shown to: what they may see, the switcher's project and their zone (a person or a job). */
export type Viewer = Audience & Pick<Reader, "activeProjectId" | "timeZone">;

/** The audience of one project: what a job (alerts, a scheduled report) may read for it. */
export const projectAudience = (projectId: string): Audience => ({ roles: [], projectIds: [projectId] });
