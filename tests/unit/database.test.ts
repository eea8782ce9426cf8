import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, queryRows, setDatabase } from "~/db/client.server";
import { readDatabaseStatus, recordStart } from "~/db/meta.server";
import { testDatabase } from "../support/database";

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
  setDatabase(undefined);
});

describe("database", () => {
  it("migrates an empty database, and migrating again changes nothing", async () => {
    handle = openDatabase(await testDatabase());
    setDatabase(handle);
    await handle.migrate();
    await handle.migrate();
    const status = await readDatabaseStatus();
    expect(status.driver).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
    expect(status.migrations).toBeGreaterThan(0);
    const tables = await queryRows<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(tables.map((r) => r.table_name)).toContain("app_meta");
  });

  it("keeps the first install time and the last version started", async () => {
    handle = openDatabase(await testDatabase());
    setDatabase(handle);
    await handle.migrate();
    await recordStart("1.3.0");
    const first = await readDatabaseStatus();
    await recordStart("1.4.0");
    const second = await readDatabaseStatus();
    expect(second.installedAt).toBe(first.installedAt);
    expect(first.lastVersion).toBe("1.3.0");
    expect(second.lastVersion).toBe("1.4.0");
  });

  it("fails loudly when no database was opened", async () => {
    setDatabase(undefined);
    await expect(readDatabaseStatus()).rejects.toThrow(/has not been opened/);
  });
});
