import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, setDatabase } from "~/db/client.server";
import { messageProjects, messages, projects, sources } from "~/db/schema";
import { overview } from "~/features/overview/overview.server";
import { netSentiment } from "~/features/overview/sentiment";
import { testDatabase } from "../support/database";
import { signedInContext } from "../support/session";

let handle: DatabaseHandle;
let a: string;
let b: string;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

beforeAll(async () => {
  handle = openDatabase(await testDatabase());
  setDatabase(handle);
  await handle.migrate();
  const [pa, pb] = await handle.db
    .insert(projects)
    .values([
      { name: "A", keywords: ["a"] },
      { name: "B", keywords: ["b"] },
    ])
    .returning();
  a = pa?.id as string;
  b = pb?.id as string;
  const [src] = await handle.db
    .insert(sources)
    .values({ type: "telegram", name: "Channel", url: "channel" })
    .returning();
  const add = async (
    project: string,
    when: Date,
    sentiment: "positive" | "neutral" | "negative",
    reach: number,
    id: string,
  ) => {
    const [m] = await handle.db
      .insert(messages)
      .values({
        sourceId: src?.id as string,
        externalId: id,
        text: id,
        contentHash: id,
        publishedAt: when,
        sentiment,
        reach,
      })
      .returning();
    await handle.db
      .insert(messageProjects)
      .values({ messageId: m?.id as string, projectId: project, matchedTerms: ["x"], publishedAt: when });
  };
  // Project A: this week 3 (2 positive, 1 negative), the week before 1 positive. Project B: 1 negative this week.
  await add(a, daysAgo(1), "positive", 100, "a1");
  await add(a, daysAgo(2), "positive", 100, "a2");
  await add(a, daysAgo(3), "negative", 50, "a3");
  await add(a, daysAgo(9), "positive", 10, "a4");
  await add(b, daysAgo(1), "negative", 1000, "b1");
});
afterAll(() => handle.close());

describe("overview", () => {
  it("sums this week against the week before over all visible projects", async () => {
    const { user } = await signedInContext({ roles: ["admin"] });
    const data = await overview(user, null);
    expect(data.projectCount).toBe(2);
    expect(data.current).toEqual({ mentions: 4, reach: 1250, positive: 2, negative: 2 });
    expect(data.previous).toEqual({ mentions: 1, reach: 10, positive: 1, negative: 0 });
    expect(data.volume).toHaveLength(30);
    expect(data.volume.reduce((sum, d) => sum + d.positive + d.neutral + d.negative, 0)).toBe(5);
    expect(data.recent.map((m) => m.text)).toEqual(["b1", "a1", "a2", "a3", "a4"]);
  });

  it("follows the switcher's project, and never shows a project the user cannot see", async () => {
    const { user } = await signedInContext({ roles: ["analyst"], projectIds: [a] });
    const onlyA = await overview(user, a);
    expect(onlyA.project?.name).toBe("A");
    expect(onlyA.current).toEqual({ mentions: 3, reach: 250, positive: 2, negative: 1 });
    const notTheirs = await overview(user, b);
    expect(notTheirs.projectCount).toBe(0);
    const all = await overview(user, null);
    expect(all.current.mentions).toBe(3);
  });

  it("net sentiment is (P − N) / (P + N)", () => {
    expect(netSentiment({ positive: 3, negative: 1 })).toBe(0.5);
    expect(netSentiment({ positive: 0, negative: 0 })).toBeNull();
  });
});
