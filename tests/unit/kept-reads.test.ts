import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/core/reader";
import type { DatabaseHandle } from "~/db/client.server";
import { keptRead } from "~/db/kept-reads.server";
import { projects } from "~/db/schema";
import { unreadNotifications } from "~/features/alerts/notifications.server";
import { markSessionsStale, sessionVersion } from "~/features/auth/session.server";
import { listProjects } from "~/features/projects/projects.server";
import { aProject, openTestDatabase } from "../support/builders";
import { testServices } from "../support/services";

let handle: DatabaseHandle;
const admin = { id: crypto.randomUUID(), roles: ["admin"], projectIds: [] } as unknown as CurrentUser;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

/** A read that counts how often it reached the database. */
function countedRead() {
  let reads = 0;
  const read = () =>
    keptRead("counted", async () => {
      reads += 1;
      return handle.db.select({ n: sql<number>`count(*)::int` }).from(projects);
    });
  return { read, reads: () => reads };
}

describe("reads kept until the next write", () => {
  it("every write shows on the next read: insert, update, a transaction, the session version", async () => {
    const project = await aProject(handle, { name: "Kept" });
    expect((await listProjects(testServices(), admin)).map((p) => p.name)).toContain("Kept");

    await handle.db.update(projects).set({ name: "Renamed" }).where(eq(projects.id, project.id));
    expect((await listProjects(testServices(), admin)).map((p) => p.name)).toContain("Renamed");

    await handle.db.transaction((tx) => tx.delete(projects).where(eq(projects.id, project.id)));
    expect((await listProjects(testServices(), admin)).map((p) => p.id)).not.toContain(project.id);

    const before = await sessionVersion(testServices(), admin.id);
    await markSessionsStale(testServices(), admin.id);
    expect(await sessionVersion(testServices(), admin.id)).toBe(before + 1);
    expect(await unreadNotifications(testServices(), admin)).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    "on the embedded database a repeated read is answered from memory, frozen, until something is written",
    async () => {
      const counted = countedRead();
      const [first] = await counted.read();
      await counted.read();
      await handle.db.execute(sql`select 1`);
      await counted.read();
      expect(counted.reads()).toBe(1);
      expect(Object.isFrozen(first)).toBe(true);
      expect(() => {
        (first as { n: number }).n = 0;
      }).toThrow(TypeError);

      await aProject(handle);
      const [after] = await counted.read();
      expect(counted.reads()).toBe(2);
      expect(after?.n).toBe((first?.n ?? 0) + 1);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    "on PostgreSQL, where other instances write, every read goes to the database",
    async () => {
      const counted = countedRead();
      await counted.read();
      await counted.read();
      expect(counted.reads()).toBe(2);
    },
  );

  it("a failed read is not kept", async () => {
    let calls = 0;
    const failing = () =>
      keptRead("failing", async () => {
        calls += 1;
        throw new Error("refused");
      });
    await expect(failing()).rejects.toThrow("refused");
    await expect(failing()).rejects.toThrow("refused");
    expect(calls).toBe(2);
  });
});
