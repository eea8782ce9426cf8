// `npm run test:pg`: the database-facing tests and the browser journeys on a real PostgreSQL server.
// Installs Debian's `postgresql` when missing (and it can), starts a throwaway cluster on a free
// loopback port, runs the tests against it, and stops and removes the cluster whatever happens.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";
import { cluster, postgresBin, run } from "./postgres.ts";

const root = path.resolve(import.meta.dirname, "..");

let bin: string;
try {
  bin = postgresBin("test:pg");
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const port = await freePort();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "kuzatuv-pg-"));
const postgres = cluster(bin, folder);

let status = 1;
let started = false;
try {
  postgres.create();
  const server = postgres.start(port);
  started = true;
  postgres.createDatabase(port, "kuzatuv_e2e");
  if (!fs.existsSync(path.join(root, "build/server/index.js")) && run("npm", ["run", "build"]) !== 0)
    throw new Error("build failed");

  // Every test file gets a database of its own on this server (tests/support/database.ts).
  const env = { TEST_DATABASE_URL: `${server}/postgres` };
  // `npm run test:pg -- <test files>` runs just those, without the browser journeys.
  const only = process.argv.slice(2);
  status = run("vitest", ["run", "--project", "unit", "--project", "pg", ...only], { env });
  if (status === 0 && only.length === 0) {
    // The browser journeys, with the app server on PostgreSQL. The walk-through visits every page there in
    // English; its other languages check translations only, and axe checks markup that does not depend on the
    // database: the embedded run already covers both.
    status = run("playwright", ["test", "--grep-invert", "walk-through: (ru|uz)|pass axe"], {
      env: { DATABASE_URL: `${server}/kuzatuv_e2e`, E2E_PORT: "4392", SEED_DEMO: "1" },
    });
  }
} catch (error) {
  console.error(`test:pg: ${(error as Error).message}`);
  if (fs.existsSync(postgres.log)) console.error(fs.readFileSync(postgres.log, "utf8").slice(-2000));
  status = 1;
} finally {
  if (started) postgres.stop();
  fs.rmSync(folder, { recursive: true, force: true });
}
process.exit(status);
