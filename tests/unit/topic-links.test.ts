// Every topic's link opens exactly what the topic counted (issue 36, items 1–3): on /analytics, in a report
// and in the assistant, each topic row's number is the messages feed's total for the row's own link, for
// readers in UTC, Asia/Tashkent and America/New_York, on the demo workspace (whose stories sit in Nurbank's
// last weeks, in four languages and both Uzbek scripts, so a row often links with the feed's OR).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Preferences, preferencesContext, requireReader } from "~/core/context.server";
import type { DatabaseHandle } from "~/db/client.server";
import { REPORT_SECTIONS } from "~/db/report-model";
import { analyticsPage } from "~/features/analytics/page.server";
import { callTool } from "~/features/assistant/registry.server";
import { listProjects } from "~/features/projects/projects.server";
import { createReport } from "~/features/reports/reports.server";
import { createReportSchema } from "~/features/reports/schemas";
import type { ReportSnapshot } from "~/features/reports/snapshot";
import { seedDemo } from "../../server/demo/seed";
import { startAuthService } from "../support/auth-service";
import { openTestDatabase } from "../support/builders";
import { feedTotalIn } from "../support/feed";
import { testEnv, testServices } from "../support/services";
import { signedInContext } from "../support/session";

const ZONES = ["UTC", "Asia/Tashkent", "America/New_York"] as const;

let handle: DatabaseHandle;
let nurbank: string;
let auth: Awaited<ReturnType<typeof startAuthService>>;

beforeAll(async () => {
  handle = await openTestDatabase();
  // A report is generated with its audience's names from the auth service.
  auth = await startAuthService({ serviceKey: testEnv().authServiceKey });
  testEnv().authServiceUrl = auth.url;
  nurbank = (await seedDemo(handle.connection, { messages: 3000 })).projectIds.nurbank;
}, 120_000);
afterAll(async () => {
  await auth.close();
  await handle.close();
});

async function readerIn(zone: string) {
  const { context } = await signedInContext({ roles: ["admin"] });
  context.set(preferencesContext, { ...(context.get(preferencesContext) as Preferences), timezone: zone });
  const reader = requireReader(context);
  const feedTotal = (query: string) => feedTotalIn(context, query);
  return { reader, feedTotal };
}

describe.each(ZONES)("topic links for a reader in %s", (zone) => {
  it("on analytics: each row's count is its link's total, most mentions first", async () => {
    const { reader, feedTotal } = await readerIn(zone);
    const projects = await listProjects(testServices(), reader);
    for (const params of [`project=${nurbank}`, `project=${nurbank}&sentiment=negative&period=7`, "period=30"]) {
      const page = await analyticsPage(testServices(), reader, projects, new URLSearchParams(params));
      expect(page.topics.length, params).toBeGreaterThan(0);
      for (const topic of page.topics) {
        expect(await feedTotal(topic.query), `${params}: ${topic.label}`).toEqual({
          count: topic.count,
          estimated: topic.estimated,
        });
      }
      const counts = page.topics.map((t) => t.count);
      expect(counts).toEqual(counts.toSorted((a, b) => b - a));
    }
  });

  it("in a report: each row's count is the total of the feed its name links to", async () => {
    const { reader, feedTotal } = await readerIn(zone);
    const input = createReportSchema.parse({
      projectId: nurbank,
      period: "last_30_days",
      title: "Topics",
      language: "en",
      sections: [...REPORT_SECTIONS],
      topMentionsCount: "2",
    });
    const report = await createReport(testServices(), reader, input);
    expect(report?.error ?? null).toBeNull();
    const s = report?.snapshot as unknown as ReportSnapshot;
    expect(s.topics.rows.length).toBeGreaterThan(0);
    for (const row of s.topics.rows) {
      // As the report's page links it (features/reports/document.tsx).
      const query = new URLSearchParams({ project: nurbank, from: s.period.from, to: s.period.to, q: row.search });
      const total = await feedTotal(query.toString());
      expect(total.count, row.name).toBe(row.mentions);
    }
  });

  it("in the assistant: each topic's count is its link's total, in order, no mention cited twice", async () => {
    const { reader, feedTotal } = await readerIn(zone);
    for (const args of [
      { projects: [nurbank], period: "last 30 days", sentiment: "negative" },
      { period: "last 30 days" },
    ]) {
      const call = await callTool(testServices(), reader, "topics", args);
      const { topics } = call.result as { topics: Array<{ topic: string; mentions: number; link: string }> };
      expect(topics.length, JSON.stringify(args)).toBeGreaterThan(0);
      for (const topic of topics) {
        const query = topic.link.replace(/^\/messages\?/, "");
        // The link names the projects counted: for every project, every one of them, not the switcher's.
        expect(new URLSearchParams(query).getAll("project").length).toBeGreaterThan(0);
        expect((await feedTotal(query)).count, topic.topic).toBe(topic.mentions);
      }
      const counts = topics.map((t) => t.mentions);
      expect(counts).toEqual(counts.toSorted((a, b) => b - a));
      const cited = call.cited.map((m) => m.id);
      expect(new Set(cited).size).toBe(cited.length);
    }
  });
});
