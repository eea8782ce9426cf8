import { defineConfig } from "drizzle-kit";

// The auth service's schema and migrations are its own (see server/auth-service/).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/auth-service/schema.ts",
  out: "./drizzle/auth",
  schemaFilter: ["auth"],
});
