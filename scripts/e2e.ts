// `npm run test:e2e`: makes sure Debian's Chromium is there, builds, runs the server-process tests, then
// Playwright against the production server (started by playwright.config.ts on a fresh data dir).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!fs.existsSync(CHROMIUM)) {
  const canInstall = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(
      `Browser tests need Chromium at ${CHROMIUM}. Install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the browser tests…");
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"]);
}

run("npm", ["run", "build"]);
// The built server as a process first (signals, configuration, proxies), then the browser journeys.
run("vitest", ["run", "--project", "server"]);
run("playwright", ["test", ...process.argv.slice(2)]);
