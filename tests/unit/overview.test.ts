import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { netSentiment } from "~/core/count.server";
import { mentionsChanged } from "~/core/kept.server";
import type { CurrentUser } from "~/core/reader";
import type { DatabaseHandle } from "~/db/client.server";
import { alerts, projects, tasks } from "~/db/schema";
import { alertFeedLink } from "~/features/alerts/alert-text";
import { type OverviewPeriod, overview, overviewPeriod } from "~/features/overview/overview.server";
import { listProjects } from "~/features/projects/projects.server";
import { ingest } from "~/features/sources/ingest.server";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { testServices } from "../support/services";
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

/** The overview as `user` sees it, in UTC unless said otherwise, for the last 7 days unless said otherwise. */
async function overviewOf(
  user: CurrentUser,
  activeProjectId: string | null,
  language = "en",
  period: OverviewPeriod = "7",
  visible?: Awaited<ReturnType<typeof listProjects>>,
  { timeZone = "UTC", now = new Date() } = {},
) {
  const reader = { ...user, timeZone, language, activeProjectId };
  return overview(testServices(), reader, visible ?? (await listProjects(testServices(), user)), period, now);
}

describe("overview", () => {
  it("sums the last 7 days against the 7 before over all visible projects", async () => {
    const { user } = await signedInContext({ roles: ["admin"] });
    const data = await overviewOf(user, null);
    expect(data.projectCount).toBe(2);
    expect(data.current).toEqual({ mentions: 4, reach: 1250, positive: 2, negative: 2, net: 0, shareOfVoice: null });
    expect(data.previous).toEqual({ mentions: 1, reach: 10, positive: 1, negative: 0, net: 1, shareOfVoice: null });
    expect(data.volume).toHaveLength(7);
    expect(data.volume.reduce((sum, d) => sum + d.positive + d.neutral + d.negative, 0)).toBe(4);
    expect(data.recent.map((m) => m.text)).toEqual(["b1", "a1", "a2", "a3", "a4"]);
  });

  it("takes its period from the URL: 7, 30 or 90 days, 30 otherwise", async () => {
    const { user } = await signedInContext({ roles: ["admin"] });
    const month = await overviewOf(user, null, "en", "30");
    expect(month.volume).toHaveLength(30);
    expect(month.current.mentions).toBe(5);
    expect(month.previous.mentions).toBe(0);
    expect((await overviewOf(user, null, "en", "90")).volume).toHaveLength(90);
    const period = (query: string) => overviewPeriod(new URLSearchParams(query));
    expect([period("period=7"), period("period=90"), period("period=365"), period("")]).toEqual([
      "7",
      "90",
      "30",
      "30",
    ]);
  });

  it("follows the switcher's project, and never shows a project the user cannot see", async () => {
    const { user } = await signedInContext({ roles: ["analyst"], projectIds: [a] });
    const onlyA = await overviewOf(user, a);
    expect(onlyA.project?.name).toBe("A");
    expect(onlyA.current).toEqual({
      mentions: 3,
      reach: 250,
      positive: 2,
      negative: 1,
      net: 1 / 3,
      shareOfVoice: null,
    });
    const notTheirs = await overviewOf(user, b);
    expect(notTheirs.projectCount).toBe(0);
    const all = await overviewOf(user, null);
    expect(all.current.mentions).toBe(3);
  });

  it("shows mentions that arrive between two requests at once, though the figures are kept a few seconds", async () => {
    const { user } = await signedInContext({ roles: ["admin"] });
    const before = await overviewOf(user, null);
    const source = await aSource(handle, { type: "telegram", name: "Late channel", url: "late" });
    await ingest(testServices(), source.id, [
      { externalId: "late-1", text: "a fresh one", publishedAt: new Date().toISOString() },
    ]);
    const after = await overviewOf(user, null);
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
    expect((await overviewOf(user, project.id, "ru")).recent.map((m) => m.source)).toEqual(["Контакт-центр"]);
    expect((await overviewOf(user, project.id, "en")).recent.map((m) => m.source)).toEqual(["Contact centre"]);
  });

  it("gives the project's share of voice against its competitors, this period and the one before", async () => {
    const own = await aProject(handle, { name: "Own" });
    const rival = await aProject(handle, { name: "Rival" });
    await handle.db
      .update(projects)
      .set({ competitorIds: [rival.id] })
      .where(eq(projects.id, own.id));
    const source = await aSource(handle);
    await mentions(handle, { source, projectIds: [own.id], items: [{ daysAgo: 1 }, { daysAgo: 2 }, { daysAgo: 8 }] });
    await mentions(handle, { source, projectIds: [rival.id], items: [{ daysAgo: 1 }, { daysAgo: 8 }, { daysAgo: 9 }] });
    // A member of the project only: the rival counts as "other", and the share is the same.
    const { user } = await signedInContext({ roles: ["viewer"], projectIds: [own.id] });
    const data = await overviewOf(user, own.id);
    expect(data.current.shareOfVoice).toBeCloseTo(2 / 3, 5);
    expect(data.previous.shareOfVoice).toBeCloseTo(1 / 3, 5);
  });

  it("lists the period's alerts of the scope, each linking to the feed of its day", async () => {
    const { user } = await signedInContext({ roles: ["analyst"], projectIds: [a] });
    const today = new Date().toISOString().slice(0, 10);
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    await handle.db.insert(alerts).values([
      { projectId: a, kind: "volume", day: today, value: 40, baseline: 10, threshold: 19 },
      { projectId: a, kind: "negative", day: longAgo, value: 0.6, baseline: 0.1, threshold: 0.2 },
      { projectId: b, kind: "volume", day: today, value: 30, baseline: 5, threshold: 12 },
    ]);
    // Alerts follow new mentions, which drop the overview's kept figures.
    mentionsChanged();
    const week = await overviewOf(user, null);
    expect(week.alerts).toEqual([
      expect.objectContaining({ projectId: a, kind: "volume", day: today, projectName: "A" }),
    ]);
    expect(alertFeedLink(week.alerts[0]!)).toBe(`/messages?project=${a}&from=${today}&to=${today}`);
    expect((await overviewOf(user, null, "en", "90")).alerts.map((x) => x.kind)).toEqual(["volume", "negative"]);
  });

  it("shows my open tasks in projects I can see, soonest due first", async () => {
    const { user } = await signedInContext({ roles: ["analyst"], projectIds: [a] });
    const someoneElse = "00000000-0000-4000-8000-999999999999";
    await handle.db.insert(tasks).values([
      { projectId: a, title: "later", assigneeId: user.id, dueDate: "2026-12-20" },
      { projectId: a, title: "no date", assigneeId: user.id },
      { projectId: a, title: "sooner", assigneeId: user.id, dueDate: "2026-11-01", status: "in_progress" },
      { projectId: a, title: "finished", assigneeId: user.id, status: "done" },
      { projectId: a, title: "dropped", assigneeId: user.id, status: "canceled" },
      { projectId: a, title: "not mine", assigneeId: someoneElse },
      { projectId: b, title: "not my project", assigneeId: user.id },
    ]);
    const data = await overviewOf(user, null);
    expect(data.tasks.total).toBe(3);
    expect(data.tasks.items.map((t) => [t.title, t.project?.name])).toEqual([
      ["sooner", "A"],
      ["later", "A"],
      ["no date", "A"],
    ]);
  });

  it("counts a mention of two projects once, and an archived one not at all", async () => {
    const one = await aProject(handle, { name: "One" });
    const two = await aProject(handle, { name: "Two" });
    const source = await aSource(handle);
    await mentions(handle, { source, projectIds: [one.id, two.id], items: [{ daysAgo: 1, sentiment: "positive" }] });
    await mentions(handle, { source, projectIds: [one.id], items: [{ daysAgo: 1, isArchived: true }] });
    const { user } = await signedInContext({ roles: ["viewer"], projectIds: [one.id, two.id] });
    const both = await overviewOf(user, null);
    expect(both.current).toMatchObject({ mentions: 1, positive: 1 });
    expect(both.volume.reduce((sum, d) => sum + d.positive + d.neutral + d.negative, 0)).toBe(1);
    expect((await overviewOf(user, one.id)).current.mentions).toBe(1);
    expect((await overviewOf(user, two.id)).current.mentions).toBe(1);
  });

  it("counts the days of the reader's zone", async () => {
    const project = await aProject(handle, { name: "Far" });
    const source = await aSource(handle);
    // At noon UTC on 26 November: the 26th in Tashkent (UTC+5) and Honolulu (UTC−10), the 27th in Kiritimati.
    const now = new Date("2026-11-26T12:00:00Z");
    const at = (iso: string) => ({ at: new Date(iso) });
    // 00:30 on the 20th in Tashkent, still the 19th in Honolulu and in Kiritimati's week before.
    await mentions(handle, { source, projectIds: [project.id], items: [at("2026-11-19T19:30:00Z")] });
    // 01:00 on the 27th in Kiritimati, 01:00 on the 26th in Honolulu.
    await mentions(handle, { source, projectIds: [project.id], items: [at("2026-11-26T11:00:00Z")] });
    const { user } = await signedInContext({ roles: ["viewer"], projectIds: [project.id] });
    const seen = async (timeZone: string) => overviewOf(user, project.id, "en", "7", undefined, { timeZone, now });
    const [tashkent, honolulu, kiritimati] = await Promise.all(
      ["Asia/Tashkent", "Pacific/Honolulu", "Pacific/Kiritimati"].map(seen),
    );
    expect([tashkent, honolulu, kiritimati].map((o) => o.current.mentions)).toEqual([2, 1, 1]);
    expect(tashkent.volume[0]).toMatchObject({ day: "2026-11-20", neutral: 1 });
    expect(honolulu.volume.at(-1)).toMatchObject({ day: "2026-11-26", neutral: 1 });
    expect(kiritimati.volume.at(-1)).toMatchObject({ day: "2026-11-27", neutral: 1 });
  });

  it("net sentiment is (P − N) / (P + N)", () => {
    expect(netSentiment({ positive: 3, negative: 1 })).toBe(0.5);
    expect(netSentiment({ positive: 0, negative: 0 })).toBeNull();
  });
});
