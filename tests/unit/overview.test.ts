import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { overview } from "~/features/overview/overview.server";
import { netSentiment } from "~/features/overview/sentiment";
import { listProjects } from "~/features/projects/projects.server";
import { ingest } from "~/features/sources/ingest.server";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { signedInContext } from "../support/session";

let handle: DatabaseHandle;
let a: string;
let b: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  a = (await aProject(handle, { name: "A", keywords: ["a"] })).id;
  b = (await aProject(handle, { name: "B", keywords: ["b"] })).id;
  const source = await aSource(handle, { type: "telegram", name: "Channel", url: "channel" });
  // Project A: this week 3 (2 positive, 1 negative), the week before 1 positive. Project B: 1 negative this week.
  await mentions(handle, {
    source,
    projectIds: [a],
    items: [
      { daysAgo: 1, sentiment: "positive", reach: 100, text: "a1" },
      { daysAgo: 2, sentiment: "positive", reach: 100, text: "a2" },
      { daysAgo: 3, sentiment: "negative", reach: 50, text: "a3" },
      { daysAgo: 9, sentiment: "positive", reach: 10, text: "a4" },
    ],
  });
  await mentions(handle, {
    source,
    projectIds: [b],
    items: [{ daysAgo: 1, sentiment: "negative", reach: 1000, text: "b1" }],
  });
});
afterAll(() => handle.close());

describe("overview", () => {
  it("sums this week against the week before over all visible projects", async () => {
    const { user } = await signedInContext({ roles: ["admin"] });
    const data = await overview(await listProjects(user), null, "en");
    expect(data.projectCount).toBe(2);
    expect(data.current).toEqual({ mentions: 4, reach: 1250, positive: 2, negative: 2 });
    expect(data.previous).toEqual({ mentions: 1, reach: 10, positive: 1, negative: 0 });
    expect(data.volume).toHaveLength(30);
    expect(data.volume.reduce((sum, d) => sum + d.positive + d.neutral + d.negative, 0)).toBe(5);
    expect(data.recent.map((m) => m.text)).toEqual(["b1", "a1", "a2", "a3", "a4"]);
  });

  it("follows the switcher's project, and never shows a project the user cannot see", async () => {
    const { user } = await signedInContext({ roles: ["analyst"], projectIds: [a] });
    const onlyA = await overview(await listProjects(user), a, "en");
    expect(onlyA.project?.name).toBe("A");
    expect(onlyA.current).toEqual({ mentions: 3, reach: 250, positive: 2, negative: 1 });
    const notTheirs = await overview(await listProjects(user), b, "en");
    expect(notTheirs.projectCount).toBe(0);
    const all = await overview(await listProjects(user), null, "en");
    expect(all.current.mentions).toBe(3);
  });

  it("shows mentions that arrive between two requests at once, though the figures are kept a few seconds", async () => {
    const { user } = await signedInContext({ roles: ["admin"] });
    const before = await overview(await listProjects(user), null, "en");
    const source = await aSource(handle, { type: "telegram", name: "Late channel", url: "late" });
    await ingest(source.id, [{ externalId: "late-1", text: "a fresh one", publishedAt: new Date().toISOString() }]);
    const after = await overview(await listProjects(user), null, "en");
    expect(after.current.mentions).toBe(before.current.mentions + 1);
    expect(after.recent[0]?.text).toBe("a fresh one");
  });

  it("names demo sources in the reader's language", async () => {
    const project = await aProject(handle, { name: "Translated" });
    const source = await aSource(handle, {
      name: "Contact centre",
      translations: { name: { ru: "Контакт-центр" } },
    });
    await mentions(handle, { source, projectIds: [project.id], items: [{ text: "hello" }] });
    const { user } = await signedInContext({ roles: ["admin"] });
    const visible = (await listProjects(user)).filter((p) => p.id === project.id);
    expect((await overview(visible, null, "ru")).recent.map((m) => m.source)).toEqual(["Контакт-центр"]);
    expect((await overview(visible, null, "en")).recent.map((m) => m.source)).toEqual(["Contact centre"]);
  });

  it("net sentiment is (P − N) / (P + N)", () => {
    expect(netSentiment({ positive: 3, negative: 1 })).toBe(0.5);
    expect(netSentiment({ positive: 0, negative: 0 })).toBeNull();
  });
});
