import { defineConfig } from "vitest/config";

// React Router's Vite plugin is left out on purpose: tests import route modules directly.
const shared = {
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node" as const,
    env: { DATA_DIR: "memory://", LOG_LEVEL: "silent", NODE_ENV: "test" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Node 24.21's V8 can abort a worker (SIGTRAP, "Check failed: jit_page_->allocations_.erase(addr) == 1") when
    // Wasm code is collected while PGlite instances are opened and closed: nodejs/node#66366, fixed in V8, not yet
    // in 24.x. Keeping Wasm code avoids it; a test process is short-lived.
    execArgv: ["--no-wasm-code-gc"],
  },
};

export default defineConfig({
  test: {
    projects: [
      // Modules, loaders, actions and the auth service: PGlite in memory, or PostgreSQL with TEST_DATABASE_URL.
      { ...shared, test: { ...shared.test, name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"] } },
      // The built server as a process (npm run build first): signals, configuration, proxies.
      { ...shared, test: { ...shared.test, name: "server", include: ["tests/server/**/*.test.ts"] } },
      // Only meaningful on PostgreSQL (npm run test:pg).
      { ...shared, test: { ...shared.test, name: "pg", include: ["tests/pg/**/*.test.ts"] } },
    ],
  },
});
