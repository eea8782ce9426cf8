import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/lib/env.server";

describe("configuration", () => {
  it("starts on the embedded defaults", () => {
    const config = parseEnv({ DATA_DIR: "memory://" });
    expect(config).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", NODE_ENV: "development", isProduction: false });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.sessionSecret).toHaveLength(64);
  });

  it("reports every bad value on its own line", () => {
    const attempt = () =>
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud", DATA_DIR: "memory://" });
    expect(attempt).toThrow(EnvError);
    const lines = (() => {
      try {
        attempt();
      } catch (error) {
        return (error as Error).message.split("\n");
      }
      return [];
    })();
    expect(lines[0]).toBe("Invalid configuration:");
    expect(
      lines
        .slice(1)
        .map((l) => l.split(":")[0])
        .sort(),
    ).toEqual(["DATABASE_URL", "LOG_LEVEL", "PORT"]);
  });

  it("takes ROLE=web|worker|all (default all); web and worker only with PostgreSQL", () => {
    expect(parseEnv({ DATA_DIR: "memory://" }).ROLE).toBe("all");
    expect(() => parseEnv({ DATA_DIR: "memory://", ROLE: "cron" })).toThrow(/ROLE: Invalid option/);
    expect(() => parseEnv({ DATA_DIR: "memory://", ROLE: "web" })).toThrow(
      /ROLE: web needs PostgreSQL \(DATABASE_URL\); the embedded database serves one process, which must be ROLE=all/,
    );
    const worker = parseEnv({ DATA_DIR: "memory://", ROLE: "worker", DATABASE_URL: "postgres://db/kuzatuv" });
    expect(worker.ROLE).toBe("worker");
  });

  it("requires SESSION_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET: required/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "short" })).toThrow(/at least 32/);
    const config = parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) });
    expect(config.isProduction).toBe(true);
  });

  it("checks the AI and Telegram settings too", () => {
    const attempt = () =>
      parseEnv({
        DATA_DIR: "memory://",
        AI_BASE_URL: "not a url",
        TELEGRAM_BOT_TOKEN: "abc",
        TELEGRAM_SUPPORT_CHAT_ID: "chat",
      });
    expect(attempt).toThrow(/AI_BASE_URL: must be an http/);
    expect(attempt).toThrow(/TELEGRAM_BOT_TOKEN: must look like/);
    expect(attempt).toThrow(/TELEGRAM_SUPPORT_CHAT_ID: must be a numeric chat id/);
    const ok = parseEnv({
      DATA_DIR: "memory://",
      TELEGRAM_SUPPORT_BOT: "@kuzatuv_support_bot",
      TELEGRAM_SUPPORT_CHAT_ID: "-100123",
    });
    expect(ok.TELEGRAM_SUPPORT_BOT).toBe("@kuzatuv_support_bot");
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "", DATA_DIR: "memory://" }).PORT).toBe(3000);
  });
});
