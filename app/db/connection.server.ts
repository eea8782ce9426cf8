// The database connection shared by the app and the embedded auth service: PGlite in a folder (or in
// memory), or a PostgreSQL pool. Each owner builds its own Drizzle schema and migrations on top.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

export type Connection = { driver: "pglite"; client: PGlite } | { driver: "postgres"; client: pg.Pool };

export interface ConnectionOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files, or `memory://` for a throwaway in-memory database. */
  dataDir: string;
}

export function connect({ databaseUrl, dataDir }: ConnectionOptions): Connection {
  if (databaseUrl) return { driver: "postgres", client: new pg.Pool({ connectionString: databaseUrl, max: 10 }) };
  if (dataDir.startsWith("memory://")) return { driver: "pglite", client: new PGlite() };
  fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  // PostgreSQL's 128 MB of shared buffers live in the process's own memory here, on top of the page cache
  // that already holds the files: a quarter of that keeps the server's memory down for little time.
  const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];
  return { driver: "pglite", client: new PGlite(path.resolve(dataDir, "pglite"), { startParams }) };
}

export function drizzleOn<S extends Record<string, unknown>>(connection: Connection, schema: S) {
  const db =
    connection.driver === "postgres"
      ? drizzlePg({ client: connection.client, schema })
      : drizzlePglite({ client: connection.client, schema });
  return db as unknown as PgDatabase<PgQueryResultHKT, S>;
}

export interface MigrationSet {
  folder: string;
  /** Where Drizzle records applied migrations, so several sets can share one database. */
  table: string;
  /** Any constant, the same for every instance migrating this set: a PostgreSQL advisory lock key. */
  lockKey: number;
}

/** Applies pending migrations; on PostgreSQL under an advisory lock so instances can start together. */
export async function migrate(connection: Connection, set: MigrationSet) {
  const options = { migrationsFolder: set.folder, migrationsTable: set.table, migrationsSchema: "drizzle" };
  if (connection.driver === "pglite") {
    await migratePglite(drizzlePglite({ client: connection.client }), options);
    return;
  }
  const client = await connection.client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [set.lockKey]);
    await migratePg(drizzlePg({ client }), options);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [set.lockKey]).catch(() => {});
    client.release();
  }
}

export function disconnect(connection: Connection): Promise<void> {
  return connection.driver === "postgres" ? connection.client.end() : connection.client.close();
}
