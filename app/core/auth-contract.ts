// The auth service's contract (SPEC §7 and the user endpoints): what the app and the service both speak.
// Dependency-free, so `server/auth-service/` and `app/` can import it without importing each other.

export const ROLES = ["admin", "manager", "analyst", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** The user as the service returns it (never the password hash). */
export interface PublicUser {
  id: string;
  email: string;
  roles: Role[];
  projectIds: string[];
  status: "active" | "deactivated";
  createdAt: string;
  /** The last successful sign-in; null until the first. */
  lastSignInAt: string | null;
  /** Signed in with a one-time password: they must choose their own before anything else (ADR 025). */
  mustChangePassword: boolean;
}

/** One entry of a user's history (ADR 025): each changed field's old and new value. */
export interface UserEvent {
  id: string;
  action: UserEventAction;
  actorEmail: string | null;
  changes: Record<string, { from: unknown; to: unknown }>;
  at: string;
}

export type UserEventAction =
  | "created"
  | "updated"
  | "deactivated"
  | "reactivated"
  | "deleted"
  | "password_changed"
  | "signed_out_everywhere";

export type AuthErrorCode =
  | "invalid_input"
  | "invalid_credentials"
  | "invalid_token"
  | "email_taken"
  | "rate_limited"
  | "forbidden"
  | "account_deactivated"
  | "not_found"
  /** Nobody may deactivate, demote or delete themselves. */
  | "self_protected"
  /** The change would leave no active admin. */
  | "last_admin";
