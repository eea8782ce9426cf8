import { sql } from "drizzle-orm";
import { index, pgSchema, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
