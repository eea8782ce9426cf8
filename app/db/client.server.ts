import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files, or `memory://` for a throwaway in-memory database. */
  dataDir: string;
}

// The same path from app/db/ in source and from build/server/ in the bundle.
const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));
// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_KEY = 727_274_001;

export function openDatabase({ databaseUrl, dataDir }: DatabaseOptions): DatabaseHandle {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return {
      db: drizzlePg({ client: pool, schema }),
      driver: "postgres",
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg({ client }), { migrationsFolder });
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const client = dataDir.startsWith("memory://") ? new PGlite() : new PGlite(path.resolve(dataDir, "pglite"));
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

const holder = globalThis as typeof globalThis & { __kuzatuvDatabase?: DatabaseHandle };

/** Installs the process-wide database (done once by the server at start, or by a test). */
export function setDatabase(handle: DatabaseHandle | undefined) {
  holder.__kuzatuvDatabase = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  const handle = holder.__kuzatuvDatabase;
  if (!handle) throw new Error("The database has not been opened; call setDatabase(openDatabase(...)) at start.");
  return handle;
}

export function getDb(): Database {
  return getDatabaseHandle().db;
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(query: SQL): Promise<T[]> {
  const result = (await getDb().execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
