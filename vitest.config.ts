import { defineConfig } from "vitest/config";

// React Router's Vite plugin is left out on purpose: tests import route modules directly.
const shared = {
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node" as const,
    env: { DATA_DIR: "memory://", LOG_LEVEL: "silent", NODE_ENV: "test" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
