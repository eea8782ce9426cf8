import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { z } from "zod";

const flag = z
  .enum(["1", "0", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: flag,
  WORKSPACE_NAME: z.string().min(1).max(60).default("Kuzatuv"),
  /** A separate auth service; when unset the server mounts its own at /api/auth. */
  AUTH_SERVICE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  /** Database of the embedded auth service when it should not share the app's. */
  AUTH_DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  /** How old a session's last token check may be before the next request checks again (SPEC §9: 600 s). */
  AUTH_REVALIDATE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Failed sign-ins and sign-ups allowed per client IP in 15 minutes (the embedded auth service). */
  AUTH_IP_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  SEED_DEMO: flag,
  /** The Chromium that prints reports to PDF (Debian's package). */
  CHROMIUM_PATH: z.string().min(1).default("/usr/bin/chromium"),
  /** `off`: sources are not fetched on their schedule (a "Fetch now" still is); tests and demos without internet. */
  COLLECTOR: z.enum(["on", "off"]).default("on"),
  /**
   * `web` serves pages and queues work, `worker` does the work (fetching, imports, re-matching, alerts, reports) and
   * answers only /healthz and /readyz; `all` does both. Split roles need PostgreSQL.
   */
  ROLE: z.enum(["web", "worker", "all"]).default("all"),
  /** How long a running import may go without a heartbeat before the queue hands it out again (tests shorten it). */
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(20),
  /** How many messages the demo data has (npm run seed, and a new embedded workspace). */
  SEED_MESSAGES: z.coerce.number().int().min(0).max(5_000_000).default(20_000),
  /** An OpenAI-compatible endpoint for the AI assistant; without it the built-in analyst answers. */
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  /** How long the assistant waits for a model's whole answer (tests shorten it). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** The Telegram support bot's username, linked from the help center. */
  TELEGRAM_SUPPORT_BOT: z
    .string()
    .regex(/^@?[A-Za-z][A-Za-z0-9_]{3,30}bot$/i, "must be a Telegram bot username ending in “bot”")
    .optional(),
  /** With TELEGRAM_SUPPORT_CHAT_ID: the help center's form posts questions to that chat. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]{30,}$/, "must look like 123456:ABC… (from @BotFather)")
    .optional(),
  /**
   * Collectors refuse loopback, private, link-local and metadata addresses unless allowed here: `1` allows them
   * all (tests), a comma-separated list of addresses and CIDR ranges only those (an intranet feed server).
   */
  COLLECTOR_ALLOW_PRIVATE: z
    .string()
    .optional()
    .transform((value, ctx): boolean | string[] => {
      if (!value || value === "0" || value === "false") return false;
      if (value === "1" || value === "true") return true;
      const ranges = value.split(",").map((part) => part.trim());
      const bad = ranges.filter((range) => !ipaddr.isValidCIDR(range) && !ipaddr.isValid(range));
      if (bad.length) ctx.addIssue({ code: "custom", message: `not an address or CIDR range: ${bad.join(", ")}` });
      return ranges;
    }),
  /** How long a collector waits for a connection, and for a whole response (all redirects and the body). */
  COLLECTOR_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  COLLECTOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Where public Telegram channels are read (`<base>/s/<handle>`); tests point it at a local server. */
  TELEGRAM_PREVIEW_BASE: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default("https://t.me")
    .transform((url) => url.replace(/\/+$/, "")),
  TELEGRAM_SUPPORT_CHAT_ID: z
    .string()
    .regex(/^-?\d+$/, "must be a numeric chat id")
    .optional(),
  /** Where the Telegram Bot API answers; tests point it at a local fake. */
  TELEGRAM_API_BASE: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default("https://api.telegram.org")
    .transform((url) => url.replace(/\/+$/, "")),
  /**
   * With it, Telegram pushes the bot's updates (a user's `/start <code>`) to /api/telegram/webhook with this
   * secret in its header; without it, the job queue asks with `getUpdates` while a link code is open (ADR 045).
   */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, "must be 16–256 letters, digits, _ or - (Telegram's secret_token)")
    .optional(),
  /** Outgoing mail (alerts, reports): `smtp://user:pass@host:587` or `smtps://…`; with MAIL_FROM, mail is sent. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  /** Where people open Kuzatuv (https://kuzatuv.example), for links in e-mails. */
  APP_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  /** The time zone whose days alerts are counted in (ADR 030). */
  WORKSPACE_TIME_ZONE: z
    .string()
    .refine((zone) => Intl.supportedValuesOf("timeZone").includes(zone) || zone === "UTC", "must be an IANA time zone")
    .default("Asia/Tashkent"),
  /**
   * Shared with a separate auth service (its AUTH_SERVICE_KEY): lets background jobs ask it who belongs to a
   * project. The embedded service shares the process's own random key.
   */
  AUTH_SERVICE_KEY: z.string().min(32, "must be at least 32 characters").optional(),
});

export type Env = z.infer<typeof schema> & {
  sessionSecret: string;
  isProduction: boolean;
  /** Where the app calls the auth service: AUTH_SERVICE_URL, or the embedded one once it listens. */
  authServiceUrl?: string;
  /** How background jobs identify themselves to the auth service (AUTH_SERVICE_KEY, or random per process). */
  authServiceKey: string;
};

export class EnvError extends Error {}

/** Parses the environment; throws an EnvError with one line per problem. */
export function parseEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const config = parsed.data;
  const isProduction = config.NODE_ENV === "production";
  if (isProduction && !config.SESSION_SECRET) {
    throw new EnvError("Invalid configuration:\nSESSION_SECRET: required when NODE_ENV=production");
  }
  if (config.ROLE !== "all" && !config.DATABASE_URL) {
    throw new EnvError(
      `Invalid configuration:\nROLE: ${config.ROLE} needs PostgreSQL (DATABASE_URL); the embedded database serves one process, which must be ROLE=all`,
    );
  }
  return {
    ...config,
    isProduction,
    sessionSecret: config.SESSION_SECRET ?? developmentSecret(config.DATA_DIR),
    authServiceUrl: config.AUTH_SERVICE_URL?.replace(/\/+$/, ""),
    authServiceKey: config.AUTH_SERVICE_KEY ?? randomBytes(32).toString("hex"),
  };
}

/** Outside production a secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  if (dataDir.startsWith("memory://")) return randomBytes(32).toString("hex");
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * A value built from a configuration once (a cookie signed with its secret), for whoever passes that
 * configuration: the server's, or a test's own.
 */
export function perEnv<T>(build: (env: Env) => T): (env: Env) => T {
  const built = new WeakMap<Env, T>();
  return (env) => {
    if (!built.has(env)) built.set(env, build(env));
    return built.get(env) as T;
  };
}
