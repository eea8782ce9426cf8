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
}

export type AuthErrorCode =
  | "invalid_input"
  | "invalid_credentials"
  | "invalid_token"
  | "email_taken"
  | "rate_limited"
  | "forbidden"
  | "account_deactivated"
  | "not_found";
