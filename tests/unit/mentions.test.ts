import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dayOf } from "~/core/period";
import type { Reader } from "~/core/reader";
import type { DatabaseHandle } from "~/db/client.server";
import { projects } from "~/db/schema";
import { latestMentions, projectActivity, topSources } from "~/features/mentions/mentions.server";
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

/** A reader of `projectIds` in `timeZone`. */
async function readerIn(timeZone: string, projectIds: string[] = []): Promise<Reader> {
  const { user } = await signedInContext({ roles: projectIds.length ? ["analyst"] : ["admin"], projectIds });
  return { ...user, timeZone, language: "en", activeProjectId: null };
}

describe("mention queries", () => {
  it("the project page: the reader's last 30 days by sentiment, only of the project", async () => {
    const activity = await projectActivity(testServices(), await readerIn("UTC"), red);
    const volume = activity?.volume ?? [];
    expect(volume).toHaveLength(30);
    expect(volume.at(-1)).toEqual({ day: dayKey(0), positive: 1, neutral: 0, negative: 0 });
    expect(volume.find((d) => d.day === dayKey(1))).toMatchObject({ negative: 1 });
    expect(volume.find((d) => d.day === dayKey(2))).toMatchObject({ positive: 1, neutral: 0 });
    // The message of 40 days ago is outside the window.
    expect(volume.reduce((sum, d) => sum + d.positive + d.neutral + d.negative, 0)).toBe(3);
    expect(activity?.sources.map((s) => [s.name, s.mentions])).toEqual([
      ["Feed", 3],
      ["Channel", 1],
    ]);
    expect(await projectActivity(testServices(), await readerIn("UTC", [blue]), red)).toBeNull();
  });

  it("the project page counts days in the reader's zone: a mention after midnight in UTC+14 is on that day", async () => {
    // 00:30 today in Kiritimati is 10:30 yesterday in UTC, and 23:30 yesterday in UTC is 13:30 today there.
    const zone = "Pacific/Kiritimati";
    const project = (await aProject(handle, { name: "Line Islands" })).id;
    const source = await aSource(handle);
    const now = new Date();
    const local = dayOf(now, zone);
    const early = new Date(`${local}T00:30:00+14:00`);
    const late = new Date(`${addDays(local, -1)}T23:30:00+14:00`);
    await mentions(handle, {
      source,
      projectIds: [project],
      items: [{ at: early }, { at: late }].filter((m) => m.at <= now),
    });
    const volume = (await projectActivity(testServices(), await readerIn(zone), project, now))?.volume ?? [];
    expect(volume.at(-1)?.day).toBe(local);
    expect(volume.at(-1)?.neutral).toBe(early <= now ? 1 : 0);
    expect(volume.at(-2)).toMatchObject({ day: addDays(local, -1), neutral: 1 });
  });

  it("latest: newest first, each message once, with its source, never another project's", async () => {
    const services = testServices();
    const latest = await latestMentions(services, [red, blue], 10);
    expect(latest.map((m) => m.text)).toEqual(["red one", "red and blue", "blue only", "red again", "red long ago"]);
    expect(latest[1]).toMatchObject({ source: "Channel", sentiment: "negative" });
    // What the list needs to show its source type and link to the original.
    expect(latest[1]).toMatchObject({ sourceType: "telegram", author: null, url: null });
    expect(latest[0]?.publishedAt).toBeInstanceOf(Date);
    expect((await latestMentions(services, [blue], 10)).map((m) => m.text)).toEqual(["red and blue", "blue only"]);
    expect((await latestMentions(services, [red], 2)).map((m) => m.text)).toEqual(["red one", "red and blue"]);
    expect(await latestMentions(services, [], 5)).toEqual([]);
    // "All projects" is the mentions of any project: one that matches no project is on no list (ADR 042). Other
    // tests here add mentions of their own projects, newer than these at some hours of the day.
    const all = (await latestMentions(services, "all", 50)).map((m) => m.text);
    expect(all).not.toContain("green, nobody's");
    expect(all.filter((text) => /^(red|blue)/.test(text))).toEqual(latest.map((m) => m.text));
  });

  it("latest: never an archived mention", async () => {
    const project = (await aProject(handle, { name: "Tidy" })).id;
    const source = await aSource(handle);
    await mentions(handle, {
      source,
      projectIds: [project],
      items: [
        { text: "kept", daysAgo: 2 },
        { text: "archived", daysAgo: 1, isArchived: true },
      ],
    });
    expect((await latestMentions(testServices(), [project], 1)).map((m) => m.text)).toEqual(["kept"]);
  });

  it("top sources: how many of the project's mentions each source brought", async () => {
    expect(await topSources(testServices(), [red], 5, "en")).toEqual([
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
    const services = testServices();
    expect((await latestMentions(services, [blue], 10)).map((m) => m.text)).toEqual(["green, nobody's"]);
    const volume = (await projectActivity(services, await readerIn("UTC"), blue))?.volume ?? [];
    expect(volume.at(-1)).toMatchObject({ neutral: 1 });
    expect(volume.find((d) => d.day === dayKey(2))).toMatchObject({ neutral: 0 });
    // Another project's links stay as they were.
    expect(await latestMentions(services, [red], 10)).toHaveLength(4);
  });

  it("does nothing for a project that no longer exists", async () => {
    await expect(rematchProject(testServices(), "00000000-0000-4000-8000-000000000999")).resolves.toBeUndefined();
  });
});
