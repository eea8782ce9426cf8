// A local PostgreSQL server from Debian's `postgresql` package, for `npm run test:pg` and `npm run bench -- --pg`:
// finds (or, as root, installs) its binaries and runs them as the `postgres` user when we are root.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const isRoot = process.getuid?.() === 0;

export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; asPostgres?: boolean; quiet?: boolean } = {},
): number {
  const [cmd, argv] =
    options.asPostgres && isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  const stdio = options.quiet ? "ignore" : "inherit";
  const result = spawnSync(cmd, argv, { stdio, cwd: root, env: { ...process.env, ...options.env } });
  return result.status ?? 1;
}

function findBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, "bin/initdb")));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(base, newest, "bin") : null;
}

/** The folder of PostgreSQL's server binaries; installs Debian's `postgresql` when missing (as root). */
export function postgresBin(purpose: string): string {
  const found = findBin();
  if (found) return found;
  if (!isRoot || !fs.existsSync("/usr/bin/apt-get")) {
    throw new Error(`${purpose} needs PostgreSQL's server binaries: sudo apt-get install postgresql`);
  }
  console.log(`Installing Debian's postgresql for ${purpose}…`);
  if (
    run("apt-get", ["update", "-qq"]) !== 0 ||
    run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "postgresql"]) !== 0
  ) {
    throw new Error("could not install postgresql");
  }
  const installed = findBin();
  if (!installed) throw new Error("postgresql was installed but its initdb was not found under /usr/lib/postgresql");
  return installed;
}

/** A cluster in `folder` (`data/`, `log`, the socket): created when new, then started and stopped. */
export function cluster(bin: string, folder: string) {
  const data = path.join(folder, "data");
  const log = path.join(folder, "log");
  return {
    log,
    create() {
      fs.mkdirSync(folder, { recursive: true });
      if (isRoot) spawnSync("chown", ["-R", "postgres:postgres", folder]);
      const args = ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"];
      if (run(path.join(bin, "initdb"), args, { asPostgres: true }) !== 0) throw new Error("initdb failed");
    },
    exists: () => fs.existsSync(path.join(data, "PG_VERSION")),
    start(port: number) {
      const options = `-p ${port} -h 127.0.0.1 -k ${folder} -c fsync=off -c max_connections=200`;
      if (run(path.join(bin, "pg_ctl"), ["-D", data, "-o", options, "-l", log, "-w", "start"], { asPostgres: true }))
        throw new Error("PostgreSQL did not start");
      return `postgres://postgres@127.0.0.1:${port}`;
    },
    running: () => run(path.join(bin, "pg_ctl"), ["-D", data, "status"], { asPostgres: true, quiet: true }) === 0,
    stop: () => run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"], { asPostgres: true }),
    /** Creates the database `name`; `replace` drops an existing one first. */
    createDatabase(port: number, name: string, { replace = false } = {}) {
      const server = ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres"];
      if (replace) run(path.join(bin, "dropdb"), [...server, "--if-exists", name]);
      if (run(path.join(bin, "createdb"), [...server, name]) !== 0)
        throw new Error(`could not create the database ${name}`);
    },
  };
}
