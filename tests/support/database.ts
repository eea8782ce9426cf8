import { randomUUID } from "node:crypto";
import pg from "pg";
import type { ConnectionOptions } from "../../app/db/connection.server";

/**
 * Where a test file's database lives: PGlite in memory, or, when TEST_DATABASE_URL names a PostgreSQL
 * server (npm run test:pg), a database of its own created there for this file.
 */
export async function testDatabase(): Promise<ConnectionOptions> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { dataDir: "memory://" };
  return { databaseUrl: await createDatabase(admin), dataDir: "memory://" };
}

/** A new, empty database on the server of `adminUrl`; returns its URL. */
export async function createDatabase(adminUrl: string): Promise<string> {
  const name = `kuzatuv_test_${randomUUID().replaceAll("-", "")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
