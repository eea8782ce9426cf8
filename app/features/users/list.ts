import { type PublicUser, ROLES } from "~/core/auth-contract";
import { defineTable } from "~/core/table";

export const USER_STATUSES = ["active", "deactivated"] as const;

/** The users table: what its URL may sort, filter, hide and page by. Projects are the workspace's own. */
export function usersTable(projectIds: readonly string[]) {
  return defineTable({
    sortable: ["name", "email", "status", "created", "lastSignIn"],
    defaultSort: { id: "name", desc: false },
    filters: { role: ROLES, status: USER_STATUSES, project: projectIds },
    hideable: ["roles", "projects", "status", "created", "lastSignIn"],
    pageSizes: [10, 25, 50, 100],
    defaultPageSize: 25,
  });
}

export type UsersTable = ReturnType<typeof usersTable>;

export type UserRow = PublicUser & {
  displayName: string;
  /** An admin: every project, whatever their projectIds say. */
  allProjects: boolean;
};
