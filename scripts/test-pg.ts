// `npm run test:pg`: the database-facing tests and the browser journeys on a real PostgreSQL server.
// Installs Debian's `postgresql` when missing (and it can), starts a throwaway cluster on a free
// loopback port, runs the tests against it, and stops and removes the cluster whatever happens.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";

const root = path.resolve(import.meta.dirname, "..");
const isRoot = process.getuid?.() === 0;

function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; asPostgres?: boolean } = {}) {
  const [cmd, argv] =
    options.asPostgres && isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { stdio: "inherit", cwd: root, env: { ...process.env, ...options.env } });
  return result.status ?? 1;
}

function postgresBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, "bin/initdb")));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(base, newest, "bin") : null;
}

let bin = postgresBin();
if (!bin) {
  if (!isRoot || !fs.existsSync("/usr/bin/apt-get")) {
    console.error(
      "test:pg needs PostgreSQL's server binaries: install Debian's `postgresql` (sudo apt-get install postgresql).",
    );
    process.exit(1);
  }
  console.log("Installing Debian's postgresql for the PostgreSQL tests…");
  if (
    run("apt-get", ["update", "-qq"]) !== 0 ||
    run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "postgresql"]) !== 0
  ) {
    process.exit(1);
  }
  bin = postgresBin();
  if (!bin) {
    console.error("postgresql was installed but its initdb was not found under /usr/lib/postgresql.");
    process.exit(1);
  }
}

const port = await freePort();
const cluster = fs.mkdtempSync(path.join(os.tmpdir(), "kuzatuv-pg-"));
if (isRoot) spawnSync("chown", ["-R", "postgres:postgres", cluster]);
const data = path.join(cluster, "data");

let status = 1;
let started = false;
try {
  if (
    run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"], {
      asPostgres: true,
    }) !== 0
  ) {
    throw new Error("initdb failed");
  }
  const options = `-p ${port} -h 127.0.0.1 -k ${cluster} -c fsync=off -c max_connections=200`;
  if (
    run(path.join(bin, "pg_ctl"), ["-D", data, "-o", options, "-l", path.join(cluster, "log"), "-w", "start"], {
      asPostgres: true,
    }) !== 0
  ) {
    throw new Error("PostgreSQL did not start");
  }
  started = true;
  const server = `postgres://postgres@127.0.0.1:${port}`;
  if (run(path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "kuzatuv_e2e"]) !== 0) {
    throw new Error("could not create the e2e database");
  }
  if (!fs.existsSync(path.join(root, "build/server/index.js")) && run("npm", ["run", "build"]) !== 0)
    throw new Error("build failed");

  // Every test file gets a database of its own on this server (tests/support/database.ts).
  const env = { TEST_DATABASE_URL: `${server}/postgres` };
  status = run("vitest", ["run", "--project", "unit", "--project", "pg"], { env });
  if (status === 0) {
    // The browser journeys, with the app server on PostgreSQL.
    status = run("playwright", ["test"], {
      env: { DATABASE_URL: `${server}/kuzatuv_e2e`, E2E_PORT: "4392", SEED_DEMO: "1" },
    });
  }
} catch (error) {
  console.error(`test:pg: ${(error as Error).message}`);
  if (fs.existsSync(path.join(cluster, "log")))
    console.error(fs.readFileSync(path.join(cluster, "log"), "utf8").slice(-2000));
  status = 1;
} finally {
  if (started) run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"], { asPostgres: true });
  fs.rmSync(cluster, { recursive: true, force: true });
}
process.exit(status);
