import { defineConfig } from "vitest/config";

// React Router's Vite plugin is left out on purpose: tests import route modules directly.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    env: { DATA_DIR: "memory://", LOG_LEVEL: "silent", NODE_ENV: "test" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
