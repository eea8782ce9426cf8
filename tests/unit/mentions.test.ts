import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { projects } from "~/db/schema";
import { latestMentions, topSources, volumeLast30Days } from "~/features/mentions/mentions.server";
import { rematchProject } from "~/features/projects/rematch.server";
import { loader as overviewLoader } from "~/routes/_app._index";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { routeArgs } from "../support/route";
import { testServices } from "../support/services";
import { signedInContext } from "../support/session";

let handle: DatabaseHandle;
let red: string;
let blue: string;
const today = new Date();
const daysAgo = (n: number, hour = 12) =>
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - n, hour));
const dayKey = (n: number) => daysAgo(n).toISOString().slice(0, 10);

beforeAll(async () => {
  handle = await openTestDatabase();
  red = (await aProject(handle, { name: "Red", keywords: ["red"] })).id;
  blue = (await aProject(handle, { name: "Blue", keywords: ["blue"] })).id;
  const feed = await aSource(handle, { type: "rss", name: "Feed" });
  const channel = await aSource(handle, { type: "telegram", name: "Channel", url: "channel" });
  await mentions(handle, {
    source: feed,
    projectIds: [red],
    items: [
      { text: "red one", at: daysAgo(0, 0), sentiment: "positive" },
      { text: "red again", at: daysAgo(2, 8), sentiment: "positive" },
      { text: "red long ago", at: daysAgo(40), sentiment: "negative" },
    ],
  });
  // A message with both words belongs to both projects.
  await mentions(handle, {
    source: channel,
    projectIds: [red, blue],
    items: [{ text: "red and blue", at: daysAgo(1), sentiment: "negative" }],
  });
  await mentions(handle, {
    source: channel,
    projectIds: [blue],
    items: [{ text: "blue only", at: daysAgo(2), sentiment: "neutral" }],
  });
  await mentions(handle, {
    source: feed,
    items: [{ text: "green, nobody's", at: daysAgo(0, 0), sentiment: "neutral" }],
  });
});
afterAll(() => handle.close());

describe("mention queries", () => {
  it("volume: 30 UTC days, counted by sentiment from the rollups, only of the given projects", async () => {
    const volume = await volumeLast30Days([red]);
    expect(volume).toHaveLength(30);
    expect(volume.at(-1)).toEqual({ day: dayKey(0), positive: 1, neutral: 0, negative: 0 });
    expect(volume.find((d) => d.day === dayKey(1))).toMatchObject({ negative: 1 });
    expect(volume.find((d) => d.day === dayKey(2))).toMatchObject({ positive: 1, neutral: 0 });
    // The message of 40 days ago is outside the window.
    expect(volume.reduce((sum, d) => sum + d.positive + d.neutral + d.negative, 0)).toBe(3);
    const both = await volumeLast30Days([red, blue]);
    expect(both.find((d) => d.day === dayKey(2))).toMatchObject({ positive: 1, neutral: 1 });
  });

  it("latest: newest first, each message once, with its source, never another project's", async () => {
    const latest = await latestMentions([red, blue], 10);
    expect(latest.map((m) => m.text)).toEqual(["red one", "red and blue", "blue only", "red again", "red long ago"]);
    expect(latest[1]).toMatchObject({ source: "Channel", sentiment: "negative" });
    // What the list needs to show its source type and link to the original.
    expect(latest[1]).toMatchObject({ sourceType: "telegram", author: null, url: null });
    expect(latest[0]?.publishedAt).toBeInstanceOf(Date);
    expect((await latestMentions([blue], 10)).map((m) => m.text)).toEqual(["red and blue", "blue only"]);
    expect((await latestMentions([red], 2)).map((m) => m.text)).toEqual(["red one", "red and blue"]);
    expect(await latestMentions([], 5)).toEqual([]);
  });

  it("top sources: how many of the project's mentions each source brought", async () => {
    expect(await topSources(red, 5, "en")).toEqual([
      expect.objectContaining({ name: "Feed", type: "rss", mentions: 3 }),
      expect.objectContaining({ name: "Channel", type: "telegram", mentions: 1 }),
    ]);
  });

  it("the overview shows a user only the mentions of projects they may see", async () => {
    const { context } = await signedInContext({ roles: ["analyst"], projectIds: [blue] });
    const data = (await overviewLoader({ ...routeArgs(new Request("http://localhost/")), context })) as {
      recent: Array<{ text: string }>;
      current: { mentions: number };
    };
    expect(data.recent.map((m) => m.text)).toEqual(["red and blue", "blue only"]);
    expect(data.current.mentions).toBe(2);
  });
});

describe("rematchProject", () => {
  it("links the project to exactly the messages its rules now match, and the counts follow", async () => {
    await handle.db
      .update(projects)
      .set({ keywords: ["green"] })
      .where(eq(projects.id, blue));
    await rematchProject(testServices(), blue);
    expect((await latestMentions([blue], 10)).map((m) => m.text)).toEqual(["green, nobody's"]);
    expect((await volumeLast30Days([blue])).at(-1)).toMatchObject({ neutral: 1 });
    expect((await volumeLast30Days([blue])).find((d) => d.day === dayKey(2))).toMatchObject({ neutral: 0 });
    // Another project's links stay as they were.
    expect(await latestMentions([red], 10)).toHaveLength(4);
  });

  it("does nothing for a project that no longer exists", async () => {
    await expect(rematchProject(testServices(), "00000000-0000-4000-8000-000000000999")).resolves.toBeUndefined();
  });
});
