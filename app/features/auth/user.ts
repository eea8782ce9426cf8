import type { Role } from "./contract.ts";

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
