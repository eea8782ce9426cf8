import type { Role } from "./auth-contract.ts";

/**
 * Who may do what (PRODUCT.md roles). "own" actions apply to the projects in the user's projectIds;
 * admins act on every project. The one table every check reads.
 */
export const PERMISSIONS = {
  "users.manage": ["admin"],
  // Creating a project means choosing who belongs to it (accounts' projectIds): admins only.
  "projects.create": ["admin"],
  "projects.manage": ["admin", "manager"],
  "projects.delete": ["admin"],
  // Outgoing webhooks send a project's alerts outside the workspace: admins only.
  "projects.webhooks": ["admin"],
  "sources.manage": ["admin", "manager"],
  "messages.read": ["admin", "manager", "analyst", "viewer"],
  "messages.triage": ["admin", "manager", "analyst"],
  "tasks.read": ["admin", "manager", "analyst", "viewer"],
  "tasks.edit": ["admin", "manager", "analyst"],
  "tasks.delete": ["admin", "manager"],
  "reports.read": ["admin", "manager", "analyst", "viewer"],
  "reports.edit": ["admin", "manager", "analyst"],
  "reports.schedule": ["admin", "manager"],
  "reports.delete": ["admin", "manager"],
  "assistant.use": ["admin", "manager", "analyst", "viewer"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(user: { roles: readonly Role[] }, permission: Permission): boolean {
  const allowed: readonly Role[] = PERMISSIONS[permission];
  return user.roles.some((role) => allowed.includes(role));
}
