import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../support/database";
import { startServer } from "../support/server-process";

const admin = process.env.TEST_DATABASE_URL;
const journal = (folder: string) =>
  (
    JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, `../../drizzle/${folder}/meta/_journal.json`), "utf8"),
    ) as {
      entries: unknown[];
    }
  ).entries.length;

describe("PostgreSQL", () => {
  it("two servers started at once on one empty database both come up, migrated once", async () => {
    if (!admin) throw new Error("TEST_DATABASE_URL is not set: run `npm run test:pg`.");
    const databaseUrl = await createDatabase(admin);
    const [a, b] = await Promise.all([
      startServer({ DATABASE_URL: databaseUrl }),
      startServer({ DATABASE_URL: databaseUrl }),
    ]);
    try {
      for (const server of [a, b]) {
        const ready = (await (await fetch(`${server.url}/readyz`)).json()) as {
          database: { driver: string; migrations: number };
        };
        expect(ready.database).toMatchObject({ driver: "postgres", migrations: journal("app") });
      }
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const applied = await client.query("SELECT count(*)::int AS n FROM drizzle.app_migrations");
      const auth = await client.query("SELECT count(*)::int AS n FROM drizzle.auth_migrations");
      await client.end();
      expect(applied.rows[0].n).toBe(journal("app"));
      expect(auth.rows[0].n).toBe(journal("auth"));
    } finally {
      expect(await a.stop()).toBe(0);
      expect(await b.stop()).toBe(0);
    }
  });
});
