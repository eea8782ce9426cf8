import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser, Reader } from "~/core/reader";
import type { DatabaseHandle } from "~/db/client.server";
import { projects, sources, tasks } from "~/db/schema";
import { unreadNotifications } from "~/features/alerts/notifications.server";
import { markSessionsStale, sessionVersion } from "~/features/auth/session.server";
import { listProjects } from "~/features/projects/projects.server";
import { myOpenTasks } from "~/features/tasks/my-tasks.server";
import { aProject, aSource, aTask, openTestDatabase } from "../support/builders";
import { testServices } from "../support/services";

let handle: DatabaseHandle;
const admin = { id: crypto.randomUUID(), roles: ["admin"], projectIds: [] } as unknown as CurrentUser;
const embedded = process.env.TEST_DATABASE_URL === undefined;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

/** A read that counts how often it reached the database. */
function countedRead() {
  let reads = 0;
  const read = () =>
    handle.kept.read("counted", async () => {
      reads += 1;
      return handle.db.select({ n: sql<number>`count(*)::int` }).from(projects);
    });
  return { read, reads: () => reads };
}

describe("reads kept until what they read changes", () => {
  it("every write shows on the next read: insert, update, a transaction, a cascade, the session version", async () => {
    const project = await aProject(handle, { name: "Kept" });
    expect((await listProjects(testServices(), admin)).map((p) => p.name)).toContain("Kept");

    await handle.db.update(projects).set({ name: "Renamed" }).where(eq(projects.id, project.id));
    expect((await listProjects(testServices(), admin)).map((p) => p.name)).toContain("Renamed");

    const reader = { ...admin, timeZone: "UTC", language: "en", activeProjectId: null } as Reader;
    await aTask(handle, { title: "Mine", projectId: project.id, assigneeId: admin.id });
    expect((await myOpenTasks(testServices(), reader)).items.map((t) => t.title)).toEqual(["Mine"]);
    // Deleting the project deletes its tasks in the database, not through the app's code.
    await handle.db.transaction((tx) => tx.delete(projects).where(eq(projects.id, project.id)));
    expect((await listProjects(testServices(), admin)).map((p) => p.id)).not.toContain(project.id);
    expect((await myOpenTasks(testServices(), reader)).items).toEqual([]);

    const before = await sessionVersion(testServices(), admin.id);
    await markSessionsStale(testServices(), admin.id);
    expect(await sessionVersion(testServices(), admin.id)).toBe(before + 1);
    expect(await unreadNotifications(testServices(), admin)).toBe(0);
  });

  it.runIf(embedded)(
    "on the embedded database a repeated read is answered from memory, frozen, until its tables change",
    async () => {
      const counted = countedRead();
      const [first] = await counted.read();
      await counted.read();
      // Neither a read, nor a change to a table no kept read uses, nor a change rolled back drops it.
      await handle.db.execute(sql`select 1`);
      await aSource(handle);
      await handle.db.update(sources).set({ name: "Renamed source" });
      await handle.db
        .transaction(async (tx) => {
          await tx.insert(projects).values({ name: "Rolled back", keywords: ["x"] });
          throw new Error("changed my mind");
        })
        .catch(() => {});
      await counted.read();
      expect(counted.reads()).toBe(1);
      expect(Object.isFrozen(first)).toBe(true);
      expect(() => {
        (first as { n: number }).n = 0;
      }).toThrow(TypeError);

      // A change made in raw SQL is seen too: the database itself reports it.
      await handle.db.execute(sql`INSERT INTO projects (name, keywords) VALUES ('Raw', ARRAY['raw'])`);
      const [after] = await counted.read();
      expect(counted.reads()).toBe(2);
      expect(after?.n).toBe((first?.n ?? 0) + 1);

      await handle.db.delete(tasks);
      await counted.read();
      expect(counted.reads()).toBe(3);
    },
  );

  it.runIf(!embedded)("on PostgreSQL, where other instances write, every read goes to the database", async () => {
    const counted = countedRead();
    await counted.read();
    await counted.read();
    expect(counted.reads()).toBe(2);
  });

  it("a failed read is not kept", async () => {
    let calls = 0;
    const failing = () =>
      handle.kept.read("failing", async () => {
        calls += 1;
        throw new Error("refused");
      });
    await expect(failing()).rejects.toThrow("refused");
    await expect(failing()).rejects.toThrow("refused");
    expect(calls).toBe(2);
  });
});
