import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { SERVER_ENV, SERVER_NODE_ARGS } from "./scripts/server-runtime";
import { FAKE_BOT_TOKEN } from "./tests/support/fake-telegram-bot";

// Chosen once by the runner; its workers re-read this file with the runner's environment.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 40_000));
process.env.E2E_BOT_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "kuzatuv-e2e-"));
const port = Number(process.env.E2E_PORT);
/** The fake Telegram Bot API the help center's support form sends to (tests/support/fake-telegram-bot.ts). */
export const BOT_URL = `http://127.0.0.1:${process.env.E2E_BOT_PORT}`;
/** The demo admin's signed-in browser state, written by tests/e2e/sign-in.setup.ts. */
export const DEMO_STATE = "test-results/.auth/demo.json";
// A fresh embedded database for every run.
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The demo team starts in Tashkent: a browser in another zone would be offered to switch on every page.
    timezoneId: "Asia/Tashkent",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "sign-in", testMatch: /sign-in\.setup\.ts/ },
    {
      name: "chromium",
      dependencies: ["sign-in"],
      use: { ...devices["Desktop Chrome"], channel: undefined, storageState: DEMO_STATE },
    },
  ],
  webServer: [
    {
      command: `node tests/support/fake-telegram-bot.ts ${process.env.E2E_BOT_PORT}`,
      url: `${BOT_URL}/received`,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: ["node", ...SERVER_NODE_ARGS].join(" "),
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...SERVER_ENV,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        // Short enough for a test to see a revoked session end; every test shares one client IP.
        AUTH_REVALIDATE_SECONDS: "2",
        AUTH_IP_LIMIT: "10000",
        // Enough demo data for the journeys, quick to create at every run's start.
        SEED_MESSAGES: "3000",
        // Nothing is fetched on its own schedule: a journey fetches a source by pressing "Fetch now".
        COLLECTOR: "off",
        // The sources journey reads a feed from a fixture server on loopback (tests/e2e/sources.spec.ts).
        COLLECTOR_ALLOW_PRIVATE: "1",
        // The help center's support: the bot's link, and the form sending to the fake Bot API.
        TELEGRAM_SUPPORT_BOT: "kuzatuv_support_bot",
        TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
        TELEGRAM_SUPPORT_CHAT_ID: "-1001234567890",
        TELEGRAM_API_BASE: BOT_URL,
      },
    },
  ],
});
