import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgSchema, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The auth service's own tables, in their own schema (its own database when AUTH_DATABASE_URL is set). */
export const auth = pgSchema("auth");

export const users = auth.table("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
  projectIds: text("project_ids").array().notNull().default(sql`'{}'::text[]`),
  status: text("status", { enum: ["active", "deactivated"] })
    .notNull()
    .default("active"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  /** Set for a one-time password (ADR 025): the app sends the user to change it before anything else. */
  mustChangePassword: boolean("must_change_password").notNull().default(false),
});

export const tokens = auth.table(
  "tokens",
  {
    /** SHA-256 of the token: the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("tokens_user_idx").on(t.userId)],
);

/** Failed sign-ins and sign-ups, counted per e-mail and per client IP for rate limiting. */
export const attempts = auth.table(
  "attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("attempts_key_at_idx").on(t.key, t.at)],
);

/**
 * Every change to a user (ADR 025): who made it, when, and each changed field's old and new value.
 * Kept after the user is deleted (no foreign key), with the e-mails as they were.
 */
export const userEvents = auth.table(
  "user_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    userEmail: text("user_email").notNull(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    changes: jsonb("changes").$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("user_events_user_at_idx").on(t.userId, t.at)],
);
