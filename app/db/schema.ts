import { boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Facts about this installation (first install time, last version started), shown by /readyz. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * SPEC §3's user preferences, one row per user (the user lives in the auth service; userId is its id).
 * Created on first use with the browser's time zone and the current language.
 */
export const userPreferences = pgTable("user_preferences", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull().unique(),
  theme: text("theme", { enum: ["light", "dark", "system"] })
    .notNull()
    .default("system"),
  font: text("font", { enum: ["system", "inter", "noto-sans", "ibm-plex-sans"] })
    .notNull()
    .default("system"),
  language: text("language", { enum: ["en", "ru", "uz", "uz-Cyrl"] })
    .notNull()
    .default("en"),
  locale: text("locale", { enum: ["en", "ru", "uz", "uz-Cyrl"] })
    .notNull()
    .default("en"),
  timezone: text("timezone").notNull().default("UTC"),
  use12Hour: boolean("use_12_hour").notNull().default(false),
  dateFormat: text("date_format", { enum: ["short", "medium", "long", "iso"] })
    .notNull()
    .default("medium"),
  showRelativeTime: boolean("show_relative_time").notNull().default(true),
  bio: text("bio"),
  notify: text("notify", { enum: ["all", "mentions", "none"] })
    .notNull()
    .default("all"),
  communicationEmails: boolean("communication_emails").notNull().default(true),
  marketingEmails: boolean("marketing_emails").notNull().default(false),
  socialEmails: boolean("social_emails").notNull().default(false),
  securityEmails: boolean("security_emails").notNull().default(true),
  mobilePushDifferent: boolean("mobile_push_different").notNull().default(false),
  activeProjectId: text("active_project_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
