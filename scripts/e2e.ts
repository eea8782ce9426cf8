// `npm run test:e2e`: makes sure Debian's Chromium is there, builds, runs the server-process tests, then
// Playwright against the production server (started by playwright.config.ts on a fresh data dir).
import { spawnSync } from "node:child_process";
import { CHROMIUM, ensureDebianPackage } from "./debian-packages.ts";

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

try {
  ensureDebianPackage(CHROMIUM, "chromium", "Browser tests");
} catch (error) {
  console.error(`${(error as Error).message} Or set CHROMIUM_PATH.`);
  process.exit(1);
}

run("npm", ["run", "build"]);
// The built server as a process first (signals, configuration, proxies), then the browser journeys.
run("vitest", ["run", "--project", "server"]);
run("playwright", ["test", ...process.argv.slice(2)]);
