import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Translations } from "~/lib/translations";
import type { AssistantBlock, AssistantToolCall } from "./assistant-blocks.ts";
import { SENTIMENTS, SOURCE_TYPES } from "./mention-model.ts";
import { REPORT_PERIODS, REPORT_STATUSES, type ReportSection } from "./report-model.ts";

export type { Translations };

const translations = () => jsonb("translations").$type<Translations>().notNull().default(sql`'{}'::jsonb`);

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
  /** The IANA zone the reader chose; null until one is chosen (or the browser's is taken): read as UTC. */
  timezone: text("timezone"),
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

/**
 * Per user: raised when their sessions must stop trusting their cookie's copy of the user (sign-out,
 * password change, an admin's change to the user). Every request compares it with the version in
 * its cookie and re-checks the token with the auth service when they differ (ADR 015).
 */
export const sessionVersions = pgTable("session_versions", {
  userId: uuid("user_id").primaryKey(),
  version: integer("version").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ——— The brand-monitoring domain (PRODUCT.md). User ids come from the auth service. ———

export const projectStatus = pgEnum("project_status", ["active", "paused"]);
export const sourceType = pgEnum("source_type", SOURCE_TYPES);
export const sourceStatus = pgEnum("source_status", ["active", "paused", "failing"]);
export const sentiment = pgEnum("sentiment", SENTIMENTS);
export const taskStatus = pgEnum("task_status", ["backlog", "todo", "in_progress", "done", "canceled"]);
export const taskPriority = pgEnum("task_priority", ["low", "medium", "high", "critical"]);
export const reportSchedule = pgEnum("report_schedule", ["none", "weekly", "monthly"]);
export const assistantRole = pgEnum("assistant_role", ["user", "assistant"]);
/** An answer is `pending` until a page asks for it (a handed-over question), `streaming` while written. */
export const assistantAnswerStatus = pgEnum("assistant_answer_status", ["pending", "streaming", "done", "failed"]);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export interface RematchState {
  status: "queued" | "running" | "done" | "failed";
  processed: number;
  total: number;
  added: number;
  removed: number;
  startedAt: string;
  finishedAt?: string;
  error?: string;
}

/** A monitored brand or topic. Members are the users whose projectIds (auth service) list it. */
export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    color: text("color").notNull().default("#1f5eff"),
    status: projectStatus("status").notNull().default("active"),
    /** Any of these (words and their inflected forms, or "quoted" exact words; case- and script-insensitive). */
    keywords: text("keywords").array().notNull(),
    /** All of these must appear too. */
    requiredWords: text("required_words").array().notNull().default(sql`'{}'::text[]`),
    /** None of these may appear. */
    excludedWords: text("excluded_words").array().notNull().default(sql`'{}'::text[]`),
    /** Message languages to keep; empty means every language. */
    languages: text("languages").array().notNull().default(sql`'{}'::text[]`),
    /** Projects this one is compared with for share of voice. */
    competitorIds: uuid("competitor_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** The last background re-matching of recent messages against this project's rules, for its page. */
    rematch: jsonb("rematch").$type<RematchState | null>(),
    translations: translations(),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("projects_name_unique").on(sql`lower(${t.name})`)],
);

/** Where messages come from. Sources belong to the workspace; messages link to every matching project. */
export const sources = pgTable(
  "sources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: sourceType("type").notNull(),
    name: text("name").notNull(),
    /** Feed or site URL, or the Telegram channel's handle; empty for webhook and manual sources. */
    url: text("url"),
    language: text("language"),
    status: sourceStatus("status").notNull().default("active"),
    pollIntervalMinutes: integer("poll_interval_minutes").notNull().default(15),
    nextFetchAt: timestamp("next_fetch_at", { withTimezone: true }).notNull().defaultNow(),
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
    /** Set while a fetch is queued or running (e.g. after "Fetch now"), cleared when it has been recorded. */
    fetchRequestedAt: timestamp("fetch_requested_at", { withTimezone: true }),
    lastResult: text("last_result", { enum: ["ok", "not_modified", "error"] }),
    lastError: text("last_error"),
    lastNewItems: integer("last_new_items").notNull().default(0),
    failureCount: integer("failure_count").notNull().default(0),
    /** Conditional GET validators of the last successful fetch. */
    etag: text("etag"),
    lastModified: text("last_modified"),
    /** SHA-256 of the webhook secret (webhook sources). */
    webhookSecretHash: text("webhook_secret_hash"),
    /** What a collector keeps between fetches (e.g. whether a Telegram channel's backlog has been read). */
    collectorState: jsonb("collector_state").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdBy: uuid("created_by"),
    translations: translations(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sources_type_url_unique").on(t.type, t.url),
    index("sources_due_idx").on(t.status, t.nextFetchAt),
  ],
);

/** One collected item (a mention). */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    url: text("url"),
    /** The URL without tracking parameters and fragments, for de-duplication across sources. */
    normalizedUrl: text("normalized_url"),
    /** SHA-256 of the normalised title and text, for de-duplication of re-posts. */
    contentHash: text("content_hash").notNull(),
    title: text("title"),
    text: text("text").notNull(),
    author: text("author"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    collectedAt: timestamp("collected_at", { withTimezone: true }).notNull().defaultNow(),
    language: text("language"),
    sentiment: sentiment("sentiment").notNull().default("neutral"),
    /** −1 … 1. */
    sentimentScore: real("sentiment_score").notNull().default(0),
    sentimentSetBy: text("sentiment_set_by", { enum: ["auto", "user"] })
      .notNull()
      .default("auto"),
    reach: integer("reach").notNull().default(0),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    isRead: boolean("is_read").notNull().default(false),
    isStarred: boolean("is_starred").notNull().default(false),
    isArchived: boolean("is_archived").notNull().default(false),
    /**
     * Full-text search (ADR 024, ADR 063): title, author and text folded to one Latin spelling (`search_fold`,
     * the SQL twin of the matcher's `foldWord`) under `simple`, the title's words weighted B and the rest A;
     * then the raw words under `russian` for its stems, weighted D. Phrases and NEAR look at A and B only, so
     * they never reach across into the Russian half; `title:` looks at B.
     */
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', search_fold(coalesce(title, ''))), 'B') || setweight(to_tsvector('simple', search_fold(coalesce(author, '') || ' ' || text)), 'A') || to_tsvector('russian', coalesce(title, '') || ' ' || coalesce(author, '') || ' ' || text)`,
    ),
  },
  (t) => [
    uniqueIndex("messages_source_external_unique").on(t.sourceId, t.externalId),
    index("messages_published_idx").on(t.publishedAt),
    // The feed's keyset orders: newest or oldest first, and by reach.
    index("messages_feed_idx").on(t.publishedAt, t.id),
    index("messages_reach_idx").on(t.reach, t.publishedAt, t.id),
    index("messages_content_hash_idx").on(t.contentHash),
    index("messages_normalized_url_idx").on(t.normalizedUrl),
    index("messages_search_idx").using("gin", t.search),
  ],
);

/** Every fetch of a source, for its history (the collector keeps the last 50 per source). */
export const fetchAttempts = pgTable(
  "fetch_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    httpStatus: integer("http_status"),
    result: text("result", { enum: ["ok", "not_modified", "error"] }).notNull(),
    newItems: integer("new_items").notNull().default(0),
    duplicateItems: integer("duplicate_items").notNull().default(0),
    error: text("error"),
  },
  (t) => [index("fetch_attempts_source_idx").on(t.sourceId, t.startedAt)],
);

/** A copy of a stored message that arrived from another source and was counted as a duplicate. */
export const messageDuplicates = pgTable(
  "message_duplicates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    url: text("url"),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("message_duplicates_unique").on(t.messageId, t.sourceId)],
);

/** A CSV or JSON file imported into a manual source: previewed first, then stored all or nothing. */
export const sourceImports = pgTable(
  "source_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    format: text("format", { enum: ["csv", "json"] }).notNull(),
    /** The uploaded file, kept until the import has run. */
    content: text("content"),
    /** Which column of the file feeds which field of a message. */
    mapping: jsonb("mapping").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    status: text("status", { enum: ["preview", "queued", "running", "done", "failed"] })
      .notNull()
      .default("preview"),
    totalRows: integer("total_rows").notNull().default(0),
    processedRows: integer("processed_rows").notNull().default(0),
    /** The pipeline's counts when done. */
    result: jsonb("result").$type<Record<string, unknown>>(),
    /** Per-row errors: `[{ row, message }]`. */
    errors: jsonb("errors").$type<Array<{ row: number; message: string }>>().notNull().default(sql`'[]'::jsonb`),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("source_imports_source_idx").on(t.sourceId, t.createdAt)],
);

/** Which projects a message matched, and on which terms; the feed's time order is kept here too. */
export const messageProjects = pgTable(
  "message_projects",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    matchedTerms: text("matched_terms").array().notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.projectId] }),
    index("message_projects_feed_idx").on(t.projectId, t.publishedAt),
  ],
);

/**
 * Every set of projects a stored message matches, as sorted ids; the empty set holds the messages that match
 * none. Created by the rollup triggers the first time a set is needed (ADR 043).
 */
export const projectSets = pgTable("project_sets", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  projects: uuid("projects").array().notNull().unique(),
});

const utcTime = (name: string) => timestamp(name, { withTimezone: true }).notNull();

/** A rollup's UTC hour or day, project set, source and language (each table gets builders of its own). */
const rollupKey = <Grain extends "hour" | "day">(grain: Grain) => ({
  ...({ [grain]: utcTime(grain) } as Record<Grain, ReturnType<typeof utcTime>>),
  setId: integer("set_id")
    .notNull()
    .references(() => projectSets.id),
  sourceId: uuid("source_id").notNull(),
  language: text("language").notNull(),
});

/** A rollup's mentions and their reach by sentiment. */
const sentimentCounts = () => ({
  positive: integer("positive").notNull().default(0),
  neutral: integer("neutral").notNull().default(0),
  negative: integer("negative").notNull().default(0),
  positiveReach: bigint("positive_reach", { mode: "number" }).notNull().default(0),
  neutralReach: bigint("neutral_reach", { mode: "number" }).notNull().default(0),
  negativeReach: bigint("negative_reach", { mode: "number" }).notNull().default(0),
});

/**
 * Mentions per UTC hour, project set, source and language (`other`: any other or unknown), by sentiment: kept
 * exact by triggers on messages and message_projects; archived mentions are not in them (ADR 043). A mention is
 * in one set, so a scope's total sums the sets that meet it and counts each mention once. No foreign key to
 * sources: a deleted source's messages count themselves out as they go.
 */
export const mentionRollups = pgTable("mention_rollups", { ...rollupKey("hour"), ...sentimentCounts() }, (t) => [
  primaryKey({ columns: [t.hour, t.setId, t.sourceId, t.language] }),
]);

/**
 * Mentions per author (ADR 051), keyed as `mention_rollups` plus the author, by sentiment: top authors on
 * /analytics and in reports. Kept by the same triggers; mentions without an author are not in them. Whole UTC
 * days are read from the daily table and the hours at a period's edges from the hourly one.
 */
const authorRollupColumns = <Grain extends "hour" | "day">(grain: Grain) => ({
  ...rollupKey(grain),
  author: text("author").notNull(),
  ...sentimentCounts(),
});

export const authorRollups = pgTable("author_rollups", authorRollupColumns("hour"), (t) => [
  primaryKey({ columns: [t.hour, t.setId, t.sourceId, t.language, t.author] }),
]);

export const authorDayRollups = pgTable("author_day_rollups", authorRollupColumns("day"), (t) => [
  primaryKey({ columns: [t.day, t.setId, t.sourceId, t.language, t.author] }),
]);

export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    status: taskStatus("status").notNull().default("todo"),
    priority: taskPriority("priority").notNull().default("medium"),
    label: text("label"),
    assigneeId: uuid("assignee_id"),
    dueDate: date("due_date"),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "set null" }),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tasks_project_status_idx").on(t.projectId, t.status),
    index("tasks_assignee_idx").on(t.assigneeId, t.status),
  ],
);

/**
 * A finished document about a project and a period (dates in the report's time zone). Its numbers are a
 * snapshot taken when it is generated (`snapshot`, shaped by the reports feature), so it keeps saying what
 * it said. A scheduled report (schedule ≠ none) makes a new report per period, `scheduledFrom` pointing to it.
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    periodKind: text("period_kind", { enum: REPORT_PERIODS }).notNull().default("custom"),
    periodStart: date("period_start").notNull(),
    periodEnd: date("period_end").notNull(),
    /** The IANA zone the period's days (and a schedule's 06:00) are counted in: the creator's. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** The report's own language, whatever its reader's interface says. */
    language: text("language", { enum: ["en", "ru", "uz", "uz-Cyrl"] })
      .notNull()
      .default("en"),
    /** The chosen sections, in order. */
    sections: text("sections").array().$type<ReportSection[]>().notNull(),
    notes: text("notes"),
    /** Top mentions: the N with the most reach, unless mentions were chosen by hand (topMentionIds). */
    topMentionsCount: integer("top_mentions_count").notNull().default(10),
    topMentionIds: uuid("top_mention_ids").array().notNull().default(sql`'{}'::uuid[]`),
    schedule: reportSchedule("schedule").notNull().default("none"),
    /**
     * Members who receive each scheduled report by e-mail, with the address they had when chosen (the job
     * that sends it runs without anyone's session, so it cannot ask the auth service).
     */
    subscribers: jsonb("subscribers").$type<Array<{ id: string; email: string }>>().notNull().default(sql`'[]'::jsonb`),
    scheduledFrom: uuid("scheduled_from").references((): AnyPgColumn => reports.id, { onDelete: "set null" }),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>(),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("pending"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    generatedAt: timestamp("generated_at", { withTimezone: true }),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    createdBy: uuid("created_by"),
    /** The creator's name when they created it, for the list (the auth service is not asked per row). */
    createdByName: text("created_by_name"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("reports_project_idx").on(t.projectId, t.createdAt),
    // A schedule makes one report per period, however many instances notice it is due.
    uniqueIndex("reports_scheduled_period_unique").on(t.scheduledFrom, t.periodStart),
  ],
);

export const assistantConversations = pgTable(
  "assistant_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    title: text("title").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("assistant_conversations_user_idx").on(t.userId, t.updatedAt)],
);

export const assistantMessages = pgTable(
  "assistant_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => assistantConversations.id, { onDelete: "cascade" }),
    role: assistantRole("role").notNull(),
    content: text("content").notNull(),
    /** The mentions an answer was grounded in. */
    citedMessageIds: uuid("cited_message_ids").array().notNull().default(sql`'{}'::uuid[]`),
    status: assistantAnswerStatus("status").notNull().default("done"),
    /** Who wrote an answer: the configured model, or the built-in analyst. */
    engine: text("engine", { enum: ["model", "analyst"] }),
    /** The tools an answer called, with their arguments and what each returned (see features/assistant). */
    toolCalls: jsonb("tool_calls").$type<AssistantToolCall[]>().notNull().default(sql`'[]'::jsonb`),
    /** Tables, charts and feed links shown under an answer, built from its tool results. */
    blocks: jsonb("blocks").$type<AssistantBlock[]>().notNull().default(sql`'[]'::jsonb`),
    /** Why an answer failed: a translation key in the ai-assistant namespace. */
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("assistant_messages_conversation_idx").on(t.conversationId, t.createdAt)],
);

/**
 * A question sent from the help center to the Telegram support chat. Stored before anything is sent, so a
 * Telegram outage loses nothing: the `send-support-request` job delivers it, retried with backoff.
 */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    email: text("email").notNull(),
    topic: text("topic", { enum: ["question", "problem", "sources", "account", "idea"] }).notNull(),
    message: text("message").notNull(),
    pageUrl: text("page_url"),
    language: text("language").notNull(),
    appVersion: text("app_version").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** The last failure, in our own words (never the bot's URL, which holds the token). */
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("support_requests_user_idx").on(t.userId, t.createdAt)],
);

/** How often each help article was opened (any language): the help center's "popular articles". */
export const helpArticleViews = pgTable("help_article_views", {
  slug: text("slug").primaryKey(),
  views: integer("views").notNull().default(0),
});

export const alertKind = pgEnum("alert_kind", ["volume", "negative"]);

/**
 * A day on which a project's volume or negative share rose far above its trailing 28 days (ADR 030).
 * The unique key makes detection idempotent: a second detector (another instance, a retry) stores nothing.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: alertKind("kind").notNull(),
    /** The day in the workspace's time zone (WORKSPACE_TIME_ZONE). */
    day: date("day").notNull(),
    /** The day's mentions (volume) or negative share, 0…1 (negative). */
    value: real("value").notNull(),
    /** The trailing 28 days' mean of the same figure. */
    baseline: real("baseline").notNull(),
    /** What the value had to exceed: the mean plus three standard deviations. */
    threshold: real("threshold").notNull(),
    firedAt: timestamp("fired_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set once every recipient has their notification and e-mail; until then the backstop re-queues delivery. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("alerts_project_kind_day_unique").on(t.projectId, t.kind, t.day),
    index("alerts_day_idx").on(t.day),
  ],
);

/** An alert as it reached one user: in-app (read or not) and, when wanted, by e-mail. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    alertId: uuid("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When the e-mail went out; null when none was wanted or it has not been sent yet. */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_user_alert_unique").on(t.userId, t.alertId),
    index("notifications_user_idx").on(t.userId, t.createdAt),
  ],
);

// ——— Alerts where people work: Telegram and outgoing webhooks (ADR 045). ———

/**
 * A user's Telegram chat for alerts, linked through the bot's deep link with a one-time code (its SHA-256;
 * the code itself is only in the link). A chat that blocked the bot or is gone unlinks itself: `chatId`
 * becomes null and `lostAt`/`lostReason` say why, for the settings page.
 */
export const telegramLinks = pgTable(
  "telegram_links",
  {
    userId: uuid("user_id").primaryKey(),
    chatId: text("chat_id"),
    /** @username or first name, as Telegram gave it when linking. */
    chatName: text("chat_name"),
    linkedAt: timestamp("linked_at", { withTimezone: true }),
    codeHash: text("code_hash").unique(),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    lostAt: timestamp("lost_at", { withTimezone: true }),
    lostReason: text("lost_reason", { enum: ["blocked", "chat_not_found"] }),
    updatedAt: updatedAt(),
  },
  (t) => [index("telegram_links_chat_idx").on(t.chatId)],
);

/** What one user wants in Telegram about one project; no row: nothing. */
export const telegramChoices = pgTable(
  "telegram_choices",
  {
    userId: uuid("user_id").notNull(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    volume: boolean("volume").notNull().default(false),
    negative: boolean("negative").notNull().default(false),
    /** Scheduled reports the user subscribes to. */
    reports: boolean("reports").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/**
 * Outgoing Telegram messages, stored before they are sent (`send-telegram`). `subject` ("alert:<id>",
 * "report:<id>") makes each user get each alert or report once; bot replies have none.
 */
export const telegramMessages = pgTable(
  "telegram_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Whose link the chat is (null for the bot's replies to whoever wrote to it). */
    userId: uuid("user_id"),
    chatId: text("chat_id").notNull(),
    subject: text("subject"),
    text: text("text").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed", "dropped"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** The last failure, in our own words (never the Bot API's URL, which holds the token). */
    lastError: text("last_error"),
    /** When a failed message is tried again (a 429's retry_after, or back-off). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("telegram_messages_user_subject_unique").on(t.userId, t.subject),
    index("telegram_messages_status_idx").on(t.status, t.createdAt),
  ],
);

/** A project's outgoing webhook: where its alerts and scheduled reports are POSTed, signed. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    format: text("format", { enum: ["slack", "json"] }).notNull(),
    /** The language of the texts in the body. */
    language: text("language", { enum: ["en", "ru", "uz", "uz-Cyrl"] })
      .notNull()
      .default("en"),
    /** The signing secret, encrypted (signing needs the secret itself, so it cannot be a hash). */
    secretSealed: text("secret_sealed").notNull(),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_project_idx").on(t.projectId, t.createdAt)],
);

export interface WebhookAttempt {
  at: string;
  /** The receiver's HTTP status; null when none came (refused address, timeout, connection). */
  status: number | null;
  error: string | null;
}

/** One event for one endpoint: the exact body, and every attempt to deliver it. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** "alert:<id>" or "report:<id>": each endpoint gets each once. */
    subject: text("subject").notNull(),
    event: text("event", { enum: ["alert.volume", "alert.negative", "report.ready"] }).notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["queued", "delivered", "failed"] })
      .notNull()
      .default("queued"),
    attempts: jsonb("attempts").$type<WebhookAttempt[]>().notNull().default(sql`'[]'::jsonb`),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_endpoint_subject_unique").on(t.endpointId, t.subject),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);
