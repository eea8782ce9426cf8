// The embedded database belongs to one process: two writing one PGlite folder split the data and lose
// writes. A lock file in DATA_DIR with the owner's PID keeps a second server (or `npm run seed`) out.
import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

interface Owner {
  pid: number;
  command: string;
  since: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): Owner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, "utf8")) as Owner;
    return Number.isInteger(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

/**
 * Takes DATA_DIR for this process until it exits, when the embedded database is in use (not with
 * DATABASE_URL, not in memory). A lock left by a process that is gone (or by this PID, as after a
 * container restart) is taken over; a live owner stops us with a DataDirLockedError.
 */
export function lockDataDir({ databaseUrl, dataDir }: { databaseUrl?: string; dataDir: string }, command: string) {
  if (databaseUrl || dataDir.startsWith("memory://")) return;
  const dir = path.resolve(dataDir);
  const file = path.join(dir, "kuzatuv.lock");
  fs.mkdirSync(dir, { recursive: true });
  const mine = JSON.stringify({ pid: process.pid, command, since: new Date().toISOString() } satisfies Owner);
  for (;;) {
    try {
      fs.writeFileSync(file, mine, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readOwner(file);
    if (owner && owner.pid !== process.pid && isRunning(owner.pid)) {
      throw new DataDirLockedError(
        `DATA_DIR ${dir} is in use by another process: PID ${owner.pid} (${owner.command}, since ${owner.since}).\n` +
          "The embedded database allows one process at a time: stop that one first, or use another DATA_DIR. " +
          `If PID ${owner.pid} is not Kuzatuv, delete ${file}.`,
      );
    }
    // Stale or unreadable: remove it and try again. (Two processes finding the same stale lock at the
    // same instant could both pass; the lock is for the usual mistake, a second process started later.)
    fs.rmSync(file, { force: true });
  }
  process.once("exit", () => {
    if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  });
}
