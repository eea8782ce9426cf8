import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countMentions, EVER } from "~/core/count.server";
import type { DatabaseHandle } from "~/db/client.server";
import { messageProjects, projects } from "~/db/schema";
import { latestMentions } from "~/features/mentions/mentions.server";
import { queueRematch, rematchProject } from "~/features/projects/rematch.server";
import { loader as projectLoader } from "~/routes/_app.projects.$projectId";
import type { RunningJobQueue } from "../../server/jobs/queue";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { watchEventLoop } from "../support/event-loop";
import { jobsSettled, startTestJobQueue } from "../support/jobs";
import { routeArgs } from "../support/route";
import { testServices } from "../support/services";
import { signedInContext } from "../support/session";

let handle: DatabaseHandle;
let queue: RunningJobQueue;
let feed: { id: string };
beforeAll(async () => {
  handle = await openTestDatabase();
  queue = await startTestJobQueue(handle);
  feed = await aSource(handle);
});
afterAll(async () => {
  await queue.stop(1_000);
  await handle.close();
});

const linkedTexts = async (projectId: string) =>
  (await latestMentions(testServices(), [projectId], 100)).map((m) => m.text).sort();
const state = async (projectId: string) =>
  (await handle.db.select().from(projects).where(eq(projects.id, projectId)))[0]?.rematch;

describe("re-matching a project", () => {
  it("in the background: links added and removed, terms renewed, counts follow, progress recorded", async () => {
    const project = await aProject(handle, { keywords: ["apple"] });
    await mentions(handle, {
      source: feed,
      projectIds: [project.id],
      items: [
        { text: "apple pie", daysAgo: 1 },
        { text: "apple and pear", daysAgo: 2 },
      ],
    });
    await mentions(handle, { source: feed, items: [{ text: "pear juice", daysAgo: 1 }] });

    await handle.db
      .update(projects)
      .set({ keywords: ["pear"] })
      .where(eq(projects.id, project.id));
    await queueRematch(testServices(), project.id);
    expect(await state(project.id)).toMatchObject({ status: "queued" });
    await jobsSettled(handle);

    expect(await linkedTexts(project.id)).toEqual(["apple and pear", "pear juice"]);
    const [kept] = await handle.db.select().from(messageProjects).where(eq(messageProjects.projectId, project.id));
    expect(kept?.matchedTerms).toEqual(["pear"]);
    expect((await countMentions(handle.db, { scope: [project.id], ...EVER })).neutral).toBe(2);
    expect(await state(project.id)).toMatchObject({
      status: "done",
      processed: 3,
      total: 3,
      added: 1,
      removed: 1,
      finishedAt: expect.any(String),
    });
    // What the project page shows.
    const { context } = await signedInContext({ roles: ["admin"] });
    const page = (await projectLoader({
      ...routeArgs(new Request(`http://localhost/projects/${project.id}`)),
      params: { projectId: project.id },
      context,
    } as never)) as { project: { rematch: unknown } };
    expect(page.project.rematch).toMatchObject({ status: "done", added: 1, removed: 1 });
  });

  it("reads only the last 90 days: older links stay as they were", async () => {
    const project = await aProject(handle, { keywords: ["plum"] });
    await mentions(handle, {
      source: feed,
      projectIds: [project.id],
      items: [
        { text: "plum, long ago", daysAgo: 120 },
        { text: "plum, lately", daysAgo: 3 },
      ],
    });
    await handle.db
      .update(projects)
      .set({ keywords: ["cherry"] })
      .where(eq(projects.id, project.id));
    await rematchProject(testServices(), project.id);
    expect(await linkedTexts(project.id)).toEqual(["plum, long ago"]);
    expect(await state(project.id)).toMatchObject({ status: "done", removed: 1, added: 0 });
  });

  it("a project deleted before its turn is skipped", async () => {
    await expect(rematchProject(testServices(), "00000000-0000-4000-8000-000000000999")).resolves.toBeUndefined();
  });
});

describe("re-matching many mentions", () => {
  it("keeps the event loop turning and moves the counts chunk by chunk", async () => {
    const project = await aProject(handle, { keywords: ["kiwi"] });
    await handle.db.execute(
      sql`INSERT INTO messages (source_id, external_id, text, content_hash, published_at, language, sentiment)
          SELECT ${feed.id}, 'many-' || g, CASE WHEN g % 4 = 0 THEN 'kiwi jam, batch ' || g ELSE 'plain jam ' || g END,
            'many-' || g, now() - g * interval '1 minute', 'en', 'neutral'
          FROM generate_series(1, 10000) g`,
    );
    // What a reader sees while it runs: the project's count only ever grows, a chunk at a time.
    const seen: number[] = [];
    const reader = setInterval(() => {
      countMentions(handle.db, { scope: [project.id], ...EVER }).then((c) => seen.push(c.total));
    }, 20);
    const stopWatching = watchEventLoop();
    await rematchProject(testServices(), project.id);
    const longest = stopWatching();
    clearInterval(reader);

    expect((await countMentions(handle.db, { scope: [project.id], ...EVER })).total).toBe(2500);
    // Loosely: the real figures come from the bench. (Without a turn between chunks, the whole re-match.)
    expect(longest).toBeLessThan(200);
    expect(seen.some((n) => n > 0 && n < 2500)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
