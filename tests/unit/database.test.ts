import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows } from "~/core/sql.server";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { readDatabaseStatus, recordStart } from "~/db/meta.server";
import { testDatabase } from "../support/database";

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe("database", () => {
  it("migrates an empty database, and migrating again changes nothing", async () => {
    handle = openDatabase(await testDatabase());
    await handle.migrate();
    await handle.migrate();
    const status = await readDatabaseStatus(handle);
    expect(status.driver).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
    expect(status.migrations).toBeGreaterThan(0);
    const tables = await queryRows<{ table_name: string }>(
      handle.db,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(tables.map((r) => r.table_name)).toContain("app_meta");
  });

  it("keeps the first install time and the last version started", async () => {
    handle = openDatabase(await testDatabase());
    await handle.migrate();
    await recordStart(handle, "1.3.0");
    const first = await readDatabaseStatus(handle);
    await recordStart(handle, "1.4.0");
    const second = await readDatabaseStatus(handle);
    expect(second.installedAt).toBe(first.installedAt);
    expect(first.lastVersion).toBe("1.3.0");
    expect(second.lastVersion).toBe("1.4.0");
  });
});

describe("the database connection under concurrent use", () => {
  const embedded = process.env.TEST_DATABASE_URL === undefined;

  it("a failed statement rejects with PostgreSQL's own fields (code, detail, constraint)", async () => {
    handle = openDatabase(await testDatabase());
    await handle.db.execute(sql`CREATE TABLE unique_names (name text CONSTRAINT unique_names_name UNIQUE)`);
    await handle.db.execute(sql`INSERT INTO unique_names VALUES ('taken')`);
    const failure = await handle.db.execute(sql`INSERT INTO unique_names VALUES ('taken')`).catch((e: unknown) => e);
    // Drizzle wraps the driver's error: PostgreSQL's fields are on its cause.
    expect((failure as Error).cause).toMatchObject({
      code: "23505",
      constraint: "unique_names_name",
      detail: "Key (name)=(taken) already exists.",
      message: expect.stringContaining("duplicate key value violates unique constraint"),
    });
  });

  it("a transaction that throws leaves nothing behind, and one that commits shows everything", async () => {
    handle = openDatabase(await testDatabase());
    await handle.db.execute(sql`CREATE TABLE entries (n int)`);
    const count = async () =>
      ((await handle!.db.execute(sql`SELECT count(*)::int AS n FROM entries`)) as unknown as { rows: { n: number }[] })
        .rows[0]?.n;
    const failed = handle.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO entries VALUES (1), (2)`);
      throw new Error("changed my mind");
    });
    await expect(failed).rejects.toThrow("changed my mind");
    expect(await count()).toBe(0);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO entries VALUES (1)`);
      await tx.execute(sql`INSERT INTO entries VALUES (2)`);
    });
    expect(await count()).toBe(2);
  });

  it.runIf(embedded)(
    "on the embedded database a statement from outside a transaction waits for its end, and one inside it goes to it",
    async () => {
      handle = openDatabase(await testDatabase());
      await handle.db.execute(sql`CREATE TABLE entries (n int)`);
      const seen: string[] = [];
      let outside: Promise<unknown> | undefined;
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO entries VALUES (1)`);
        outside = handle!.db.execute(sql`SELECT count(*)::int AS n FROM entries`).then((result) => {
          seen.push(`outside saw ${(result as unknown as { rows: { n: number }[] }).rows[0]?.n}`);
        });
        await tx.execute(sql`INSERT INTO entries VALUES (2)`);
        const inside = (await tx.execute(sql`SELECT count(*)::int AS n FROM entries`)) as unknown as {
          rows: { n: number }[];
        };
        seen.push(`inside saw ${inside.rows[0]?.n}`);
      });
      await outside;
      expect(seen).toEqual(["inside saw 2", "outside saw 2"]);
    },
  );

  it("the event loop keeps turning while a long statement computes", async () => {
    handle = openDatabase(await testDatabase());
    await handle.db.execute(sql`SELECT 1`);
    let longestGap = 0;
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    };
    const ticking = setInterval(tick, 5);
    const started = performance.now();
    await handle.db.execute(sql`SELECT sum(x) FROM generate_series(1, 2000000) AS x`);
    const took = performance.now() - started;
    tick();
    clearInterval(ticking);
    expect(took).toBeGreaterThan(100);
    expect(longestGap, `the statement took ${Math.round(took)} ms`).toBeLessThan(took / 2);
  });

  it.runIf(embedded)("LISTEN hears a NOTIFY (pg-boss wakes its workers so)", async () => {
    handle = openDatabase(await testDatabase());
    const { connection } = handle;
    if (connection.driver !== "pglite") throw new Error("the embedded database was expected");
    let heard: (payload: string) => void = () => {};
    const payload = new Promise<string>((resolve) => {
      heard = resolve;
    });
    await connection.client.listen("kuzatuv_test", heard);
    await handle.db.execute(sql`SELECT pg_notify('kuzatuv_test', 'hello')`);
    expect(await payload).toBe("hello");
  });
});
