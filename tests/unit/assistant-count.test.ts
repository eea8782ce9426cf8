// The assistant's count of mentions is every screen's (ADR 042): for "last 7 days" and "last 30 days" in the
// reader's zone it equals core's countMentions over the same scope and period, whichever engine asks, for
// readers far east and far west of UTC. Mentions sit in the first and last hour of the periods' edge days,
// one matched two projects, one is archived and one matched no project yet.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countMentions } from "~/core/count.server";
import { addDays, type Preset, presetDays, rangeOf, startOfDay, today } from "~/core/period";
import type { Reader } from "~/core/reader";
import { type ProjectScope, readerScope } from "~/core/scope.server";
import type { DatabaseHandle } from "~/db/client.server";
import { analystAnswer } from "~/features/assistant/analyst.server";
import { callTool } from "~/features/assistant/registry.server";
import { aProject, aSource, type MentionSpec, mentions, openTestDatabase } from "../support/builders";
import { testServices } from "../support/services";
import { signedInContext } from "../support/session";

const ZONES = ["Pacific/Kiritimati", "Pacific/Honolulu", "Asia/Kolkata"];
const HOUR = 3_600_000;
let handle: DatabaseHandle;
let nurbank: string;
let orzu: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  nurbank = (await aProject(handle, { name: "Nurbank", keywords: ["nurbank"] })).id;
  orzu = (await aProject(handle, { name: "Orzu", keywords: ["orzu"] })).id;
  const source = await aSource(handle);
  // Just inside and just outside each period, in each zone; and one mention in the middle of each.
  const edges: MentionSpec[] = ZONES.flatMap((zone) =>
    [-29, -6].flatMap((offset) => {
      const first = startOfDay(addDays(today(zone), offset), zone).getTime();
      return [{ at: new Date(first + HOUR / 2) }, { at: new Date(first - HOUR / 2) }];
    }),
  );
  await mentions(handle, { source, projectIds: [nurbank], items: [...edges, { daysAgo: 3 }, { daysAgo: 20 }] });
  await mentions(handle, { source, projectIds: [nurbank, orzu], items: [{ daysAgo: 2 }] });
  await mentions(handle, { source, projectIds: [nurbank], items: [{ daysAgo: 2, isArchived: true }] });
  await mentions(handle, { source, projectIds: [orzu], items: [{ daysAgo: 10 }] });
  await mentions(handle, { source, items: [{ daysAgo: 1 }] });
});
afterAll(() => handle.close());

async function readerIn(timeZone: string, access: { roles: Array<"admin" | "viewer">; projectIds?: string[] }) {
  const { user } = await signedInContext(access);
  return { ...user, timeZone, language: "en", activeProjectId: null } satisfies Reader;
}

/** What every screen counts for a scope and a preset in the reader's zone. */
async function screensCount(reader: Reader, scope: ProjectScope, preset: Preset) {
  const period = rangeOf(presetDays(preset, today(reader.timeZone)), reader.timeZone);
  return (await countMentions(handle.db, { scope, ...period })).total;
}

const PERIODS = [
  ["last 7 days", "7"],
  ["last 30 days", "30"],
] as const;

describe.each(ZONES)("the assistant's count for a reader in %s", (zone) => {
  it.each(PERIODS)(
    "%s: every project an admin sees, and one project, as every screen counts them",
    async (words, preset) => {
      const admin = await readerIn(zone, { roles: ["admin"] });
      const all = await callTool(testServices(), admin, "count_mentions", { period: words });
      const expected = await screensCount(admin, readerScope(admin), preset);
      expect(expected).toBeGreaterThan(0);
      expect(all.result.mentions).toBe(expected);
      expect(all.result.estimated).toBe(false);

      const one = await callTool(testServices(), admin, "count_mentions", { period: words, projects: [nurbank] });
      expect(one.result.mentions).toBe(await screensCount(admin, [nurbank], preset));
    },
  );

  it.each(PERIODS)("%s: a viewer's projects only", async (words, preset) => {
    const viewer = await readerIn(zone, { roles: ["viewer"], projectIds: [orzu] });
    const counted = await callTool(testServices(), viewer, "count_mentions", { period: words });
    expect(counted.result.mentions).toBe(await screensCount(viewer, [orzu], preset));
  });

  it("gives the built-in analyst the same number", async () => {
    const admin = await readerIn(zone, { roles: ["admin"] });
    const answer = await analystAnswer(
      testServices(),
      admin,
      "How many mentions in the last 30 days?",
      { introduce: false },
      { text() {}, tool() {} },
    );
    expect(answer.toolCalls[0]?.name).toBe("count_mentions");
    expect((answer.toolCalls[0]!.result as { mentions: number }).mentions).toBe(
      await screensCount(admin, readerScope(admin), "30"),
    );
  });
});

describe("the assistant's periods", () => {
  it("refuses days that do not exist rather than counting without them", async () => {
    const admin = await readerIn("UTC", { roles: ["admin"] });
    for (const period of ["2026-02-31", "2026-02-01..2026-02-30"]) {
      const refused = await callTool(testServices(), admin, "count_mentions", { period });
      expect(refused.result).toEqual({ error: expect.stringContaining("not understood") });
    }
  });
});
