import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "./client.server.ts";
import { appMeta } from "./schema.ts";

/** Remembers when this installation first started and which version started it last. */
export async function recordStart({ db }: DatabaseHandle, version: string) {
  await db.insert(appMeta).values({ key: "installed_at", value: new Date().toISOString() }).onConflictDoNothing();
  await db
    .insert(appMeta)
    .values({ key: "last_version", value: version })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: version, updatedAt: sql`now()` } });
}

export interface DatabaseStatus {
  driver: "pglite" | "postgres";
  installedAt: string | null;
  lastVersion: string | null;
  migrations: number;
}

/** Reads the installation facts; throws when the database cannot be reached. */
export async function readDatabaseStatus({ db, driver }: DatabaseHandle): Promise<DatabaseStatus> {
  const rows = await db.select().from(appMeta);
  const value = (key: string) => rows.find((r) => r.key === key)?.value ?? null;
  const migrations = (await db.execute(sql`SELECT count(*)::int AS count FROM drizzle.app_migrations`)) as unknown as {
    rows: Array<{ count: number }>;
  };
  return {
    driver,
    installedAt: value("installed_at"),
    lastVersion: value("last_version"),
    migrations: Number(migrations.rows[0]?.count ?? 0),
  };
}
