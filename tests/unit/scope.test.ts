// Scope (issue 27 item 1, ADR 042): a viewer of one project gets nothing of another project from any loader,
// export or job. Everything of project Zeta says "zeta" (its name, its mentions' words, authors and tags, its
// task, its report) and a mention that matches no project says "orphanword"; every answer the viewer gets is
// searched for those words and for the ids of Zeta's things. Each answer must also show the viewer's own
// project (Alpha), so a screen that shows nothing cannot pass.
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireReader } from "~/core/context.server";
import { resolvePeriod } from "~/core/period";
import { readerScope } from "~/core/scope.server";
import type { DatabaseHandle } from "~/db/client.server";
import { REPORT_SECTIONS } from "~/db/report-model";
import { alerts, notifications, reports } from "~/db/schema";
import { deliverAlert } from "~/features/alerts/deliver.server";
import { detectAlerts } from "~/features/alerts/detect.server";
import { callTool, TOOLS } from "~/features/assistant/registry.server";
import { queueDueReports, runScheduledReport } from "~/features/reports/generate.server";
import { renderReportHtml } from "~/features/reports/render.server";
import { createReport } from "~/features/reports/reports.server";
import type { ReportSnapshot } from "~/features/reports/snapshot";
import { loadPreferences } from "~/features/settings/preferences.server";
import { findTopics } from "~/features/topics/find.server";
import { loader as layoutLoader } from "~/routes/_app";
import { loader as overviewLoader } from "~/routes/_app._index";
import { loader as analyticsLoader } from "~/routes/_app.analytics";
import { loader as feedLoader } from "~/routes/_app.messages";
import { loader as mentionLoader } from "~/routes/_app.messages.$messageId";
import { loader as notificationsLoader } from "~/routes/_app.notifications";
import { loader as reportsLoader } from "~/routes/_app.reports._index";
import { loader as reportLoader } from "~/routes/_app.reports.$reportId";
import { loader as sourceLoader } from "~/routes/_app.sources.$sourceId";
import { loader as tasksLoader } from "~/routes/_app.tasks";
import { loader as taskLoader } from "~/routes/_app.tasks.$taskId";
import { loader as analyticsExport } from "~/routes/analytics.export";
import { loader as arrivalsLoader } from "~/routes/messages.arrivals";
import { loader as feedExport } from "~/routes/messages.export";
import { loader as feedPalette } from "~/routes/messages.palette";
import { loader as previewLoader } from "~/routes/projects.preview";
import { loader as reportCsv } from "~/routes/reports.$reportId.csv";
import { loader as reportPdf } from "~/routes/reports.$reportId.pdf";
import { loader as tasksExport } from "~/routes/tasks.export";
import { loader as tasksPalette } from "~/routes/tasks.palette";
import type { startAuthService } from "../support/auth-service";
import { aProject, aSource, aTask, type MentionSpec, mentions, openTestDatabase } from "../support/builders";
import { startJobsOutside } from "../support/jobs-outside";
import { ORIGIN } from "../support/route";
import { testServices } from "../support/services";
import { signedInContext } from "../support/session";
import type { startSmtpServer } from "../support/smtp";

// Words that make each mention of a day its own (mentions that differ only in numbers are one for topics).
const CITIES = [
  "Tashkent",
  "Samarkand",
  "Bukhara",
  "Namangan",
  "Andijan",
  "Fergana",
  "Nukus",
  "Termez",
  "Jizzakh",
  "Navoiy",
];
const TIMES = [
  "at dawn",
  "this morning",
  "at noon",
  "after lunch",
  "this evening",
  "late at night",
  "over the weekend",
];

type Context = Awaited<ReturnType<typeof signedInContext>>["context"];

let handle: DatabaseHandle;
let auth: Awaited<ReturnType<typeof startAuthService>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let outside: Awaited<ReturnType<typeof startJobsOutside>>;
let alpha: string;
let zeta: string;
let source: string;
let viewer: Context;
let manager: Context;
let admin: Context;
let viewerEmail: string;
/** The ids of Zeta's things and of the mention of no project: none may reach the viewer. */
const foreign: string[] = [];
let zetaMention: string;
let orphan: string;
let shared: string;
let alphaMention: string;
let alphaTask: string;
let zetaTask: string;
let alphaReport: string;
let zetaReport: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  outside = await startJobsOutside({ mailFrom: "Kuzatuv <reports@kuzatuv.example>" });
  ({ auth, smtp } = outside);

  zeta = (await aProject(handle, { name: "Zeta", keywords: ["zetasecret"] })).id;
  alpha = (await aProject(handle, { name: "Alpha", keywords: ["alphanews"], competitorIds: [zeta] })).id;
  const people = (await auth.service.ensureDemoAccounts(
    [
      { email: "admin@example.com", roles: ["admin"], projectIds: [] },
      { email: "viewer@example.com", roles: ["viewer"], projectIds: [alpha] },
      { email: "manager@example.com", roles: ["manager"], projectIds: [alpha] },
      { email: "zeta@example.com", roles: ["analyst"], projectIds: [zeta] },
    ].map((a) => ({ ...a, password: "correct horse battery" })) as never,
  ))!;
  const account = (email: string) => people.find((p) => p.email === email) as { id: string };
  for (const p of people) {
    await loadPreferences(testServices(), p.id, async () => ({ language: "en", timezone: "UTC", theme: "system" }));
  }
  viewerEmail = "viewer@example.com";
  viewer = (await signedInContext({ id: account(viewerEmail).id, roles: ["viewer"], projectIds: [alpha] })).context;
  manager = (await signedInContext({ id: account("manager@example.com").id, roles: ["manager"], projectIds: [alpha] }))
    .context;
  admin = (await signedInContext({ id: account("admin@example.com").id, roles: ["admin"] })).context;

  // Four weeks of the usual ten mentions a day for both projects, then a quiet day for Alpha and a burst of
  // Zeta's today.
  const wire = await aSource(handle, { name: "Wire" });
  source = wire.id;
  const month = (words: string, who: string, tag: string): MentionSpec[] =>
    Array.from({ length: 28 }, (_, i) => i + 1).flatMap((daysAgo) =>
      Array.from({ length: 10 }, (_, k) => ({
        daysAgo,
        text: `${words} in ${CITIES[k]}, ${TIMES[daysAgo % TIMES.length]}`,
        author: who,
        tags: [tag],
        sentiment: k === 0 ? ("negative" as const) : ("neutral" as const),
        reach: 10 + k,
        isStarred: k === 1,
      })),
    );
  const today = (words: string, who: string, tag: string, n: number): MentionSpec[] =>
    Array.from({ length: n }, (_, k) => ({ text: `${words} launch number ${k}`, author: who, tags: [tag], reach: k }));
  const ours = await mentions(handle, {
    source: wire,
    projectIds: [alpha],
    items: [
      ...month("alphanews branch opening", "alphaauthor", "alphatag"),
      ...today("alphanews", "alphaauthor", "alphatag", 5),
    ],
  });
  const theirs = await mentions(handle, {
    source: wire,
    projectIds: [zeta],
    items: [
      ...month("zetasecret merger rumour", "zetaauthor", "zetatag"),
      ...today("zetasecret", "zetaauthor", "zetatag", 40),
    ],
  });
  [shared] = (
    await mentions(handle, { source: wire, projectIds: [alpha, zeta], items: [{ text: "alphanews joint statement" }] })
  ).map((m) => m.id) as [string];
  [orphan] = (await mentions(handle, { source: wire, items: [{ text: "orphanword nobody's" }] })).map((m) => m.id) as [
    string,
  ];
  alphaMention = (ours.at(-1) as { id: string }).id;
  zetaMention = (theirs.at(-1) as { id: string }).id;
  foreign.push(zeta, orphan, ...theirs.map((m) => m.id));

  alphaTask = (await aTask(handle, { title: "alphanews follow-up", projectId: alpha, messageId: alphaMention })).id;
  zetaTask = (await aTask(handle, { title: "zetasecret follow-up", projectId: zeta, messageId: zetaMention })).id;
  foreign.push(zetaTask);

  const adminReader = requireReader(admin);
  const report = async (projectId: string, title: string) => {
    const created = await createReport(testServices(), adminReader, {
      projectId,
      period: "last_30_days",
      custom: null,
      title,
      language: "en",
      sections: REPORT_SECTIONS.filter((section) => section !== "notes"),
      topMentionsCount: 10,
      topMentionIds: [],
      notes: null,
    });
    return (created as { id: string }).id;
  };
  alphaReport = await report(alpha, "Alpha monthly");
  zetaReport = await report(zeta, "Zeta monthly");
  foreign.push(zetaReport);
}, 120_000);
afterAll(async () => {
  await outside.close();
  await handle.close();
});

/** What of Zeta (or of no project) an answer holds. */
function leaked(answer: unknown): string[] {
  const text = (typeof answer === "string" ? answer : JSON.stringify(answer)).toLowerCase();
  return [
    ...["zeta", "orphanword"].filter((word) => text.includes(word)),
    ...foreign.filter((id) => text.includes(id)),
  ];
}
/** Whether an answer shows the viewer's own project. */
const showsAlpha = (answer: unknown) => /alpha/i.test(typeof answer === "string" ? answer : JSON.stringify(answer));

/** An answer of the viewer's holds nothing of Zeta's and shows Alpha's. */
function expectOwnOnly(where: string, answer: unknown, { ownShown = true } = {}) {
  expect({ where, leaked: leaked(answer) }).toEqual({ where, leaked: [] });
  if (ownShown) expect({ where, showsAlpha: showsAlpha(answer) }).toEqual({ where, showsAlpha: true });
}

function args(context: Context, path: string, params: Record<string, string> = {}) {
  const request = new Request(`${ORIGIN}${path}`);
  return { request, context, params, url: new URL(request.url), pattern: "" } as never;
}

/** A loader's answer, or its refusal as a status. */
async function answer(loader: (a: never) => unknown, context: Context, path: string, params = {}): Promise<unknown> {
  try {
    const result = await loader(args(context, path, params));
    return result instanceof Response ? await result.text() : result;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    if (thrown && typeof thrown === "object" && "init" in thrown) {
      return { status: (thrown as { init: { status: number } }).init.status };
    }
    throw thrown;
  }
}

describe("a viewer of Alpha gets nothing of Zeta", () => {
  it("the overview, the layout and analytics with each chart's CSV", async () => {
    expectOwnOnly("overview", await answer(overviewLoader, viewer, "/?period=30"));
    expectOwnOnly("layout", await answer(layoutLoader, viewer, "/"));
    expectOwnOnly("analytics", await answer(analyticsLoader, viewer, "/analytics"));
    // Asking for Zeta by its id gives Alpha's figures, not Zeta's.
    expectOwnOnly("analytics for Zeta", await answer(analyticsLoader, viewer, `/analytics?project=${zeta}`));
    for (const chart of ["volume", "sentiment", "voice", "voice-time", "sources", "authors", "topics", "types"]) {
      const csv = await answer(analyticsExport, viewer, `/analytics/export?chart=${chart}&project=${zeta}`);
      // Charts of counts name no project; the voice charts and the lists do.
      expectOwnOnly(`analytics CSV ${chart}`, csv, {
        ownShown: ["voice", "voice-time", "authors"].includes(chart),
      });
    }
  });

  it("the feed, its export, the palette and the poll", async () => {
    const feed = (await answer(feedLoader, viewer, "/messages?pageSize=100")) as { items: Array<{ id: string }> };
    expectOwnOnly("feed", feed);
    expect(feed.items.map((m) => m.id)).toContain(shared);
    // Asking for Zeta's mentions by its id gives none.
    expect(((await answer(feedLoader, viewer, `/messages?project=${zeta}`)) as typeof feed).items).toEqual([]);
    const exported = (await answer(feedExport, viewer, "/messages/export")) as string;
    expectOwnOnly("feed export", exported);
    const rows = parse(exported.replace(/^\uFEFF/, ""), { columns: true }) as Array<{ id: string; projects: string }>;
    expect(rows.find((r) => r.id === shared)?.projects).toBe("Alpha");
    expectOwnOnly("palette", await answer(feedPalette, viewer, "/messages/palette?q=zetasecret"), { ownShown: false });
    expectOwnOnly("palette", await answer(feedPalette, viewer, "/messages/palette?q=alphanews"));
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const poll = (context: Context) =>
      answer(arrivalsLoader, context, `/messages/arrivals?since=${encodeURIComponent(since)}&q=zetasecret`);
    expect(JSON.parse((await poll(viewer)) as string)).toEqual({ count: 0 });
    expect(JSON.parse((await poll(admin)) as string).count).toBeGreaterThan(0);
  });

  it("a mention by its id: Zeta's and one of no project are not found", async () => {
    expect(await answer(mentionLoader, viewer, "/", { messageId: zetaMention })).toEqual({ status: 404 });
    expect(await answer(mentionLoader, viewer, "/", { messageId: orphan })).toEqual({ status: 404 });
    expectOwnOnly("a shared mention", await answer(mentionLoader, viewer, "/", { messageId: shared }));
    expectOwnOnly("Alpha's mention", await answer(mentionLoader, viewer, "/", { messageId: alphaMention }));
  });

  it("an admin opens any mention, one of no project too (reached from its source, ADR 042)", async () => {
    const page = JSON.stringify(await answer(mentionLoader, admin, "/", { messageId: orphan }));
    expect(page).toContain("orphanword");
    expect(page).toContain(orphan);
  });

  it("tasks, their export, the palette and a task by its id", async () => {
    expectOwnOnly("tasks", await answer(tasksLoader, viewer, "/tasks"));
    expectOwnOnly("tasks board", await answer(tasksLoader, viewer, "/tasks?view=board"));
    expectOwnOnly("tasks export", await answer(tasksExport, viewer, "/tasks/export"));
    expectOwnOnly("tasks palette", await answer(tasksPalette, viewer, "/tasks/palette?q=follow"));
    expect(await answer(taskLoader, viewer, "/", { taskId: zetaTask })).toEqual({ status: 404 });
    expectOwnOnly("Alpha's task", await answer(taskLoader, viewer, "/", { taskId: alphaTask }));
  });

  it("a source's mentions", async () => {
    expectOwnOnly("source", await answer(sourceLoader, viewer, "/", { sourceId: source }));
  });

  it("reports: the list, a page, the CSV and the PDF, Zeta's refused", async () => {
    expectOwnOnly("reports", await answer(reportsLoader, viewer, "/reports"));
    expectOwnOnly("report", await answer(reportLoader, viewer, "/", { reportId: alphaReport }));
    expectOwnOnly("report CSV", await answer(reportCsv, viewer, "/", { reportId: alphaReport }));
    for (const loader of [reportLoader, reportCsv, reportPdf]) {
      expect(await answer(loader as never, viewer, "/", { reportId: zetaReport })).toEqual({ status: 404 });
    }
    // The PDF is printed from this page: made by an admin, it still names only what Alpha's members may see.
    const [row] = await handle.db.select().from(reports).where(eq(reports.id, alphaReport));
    const html = await renderReportHtml({
      ...(row as typeof row & {}),
      snapshot: row?.snapshot as unknown as ReportSnapshot,
    });
    expectOwnOnly("report PDF page", html);
  });

  it("alerts: detected from the project's own mentions, delivered to its members only; the bell", async () => {
    // Zeta's burst is Zeta's alert; Alpha's usual day is none.
    expect(await detectAlerts(testServices(), alpha)).toEqual([]);
    const [zetaAlert] = await detectAlerts(testServices(), zeta);
    expect(zetaAlert).toBeDefined();
    const [alphaAlert] = await handle.db
      .insert(alerts)
      .values({ projectId: alpha, kind: "volume", day: "2026-01-05", value: 50, baseline: 10, threshold: 20 })
      .returning({ id: alerts.id });
    for (const id of [zetaAlert as string, (alphaAlert as { id: string }).id]) await deliverAlert(testServices(), id);
    const { id: viewerId } = requireReader(viewer);
    const delivered = await handle.db.select().from(notifications).where(eq(notifications.userId, viewerId));
    expect(delivered.map((n) => n.alertId)).toEqual([(alphaAlert as { id: string }).id]);
    // A notification from when the viewer was on Zeta is no longer shown.
    await handle.db.insert(notifications).values({ userId: viewerId, alertId: zetaAlert as string });
    foreign.push(zetaAlert as string);
    expectOwnOnly("notifications", await answer(notificationsLoader, viewer, "/notifications"));
    expect(((await answer(layoutLoader, viewer, "/")) as { unreadNotifications: number }).unreadNotifications).toBe(1);
  });

  it("scheduled reports: made for the project's audience, mailed to its members only", async () => {
    const { id: viewerId } = requireReader(viewer);
    const month = new Date(Date.now() - 40 * 86_400_000);
    for (const id of [alphaReport, zetaReport]) {
      await handle.db
        .update(reports)
        .set({ schedule: "weekly", createdAt: month, subscribers: [{ id: viewerId, email: viewerEmail }] })
        .where(eq(reports.id, id));
    }
    await queueDueReports(testServices());
    const made = await handle.db.select().from(reports).where(eq(reports.status, "pending"));
    expect(made.map((r) => r.scheduledFrom).sort()).toEqual([alphaReport, zetaReport].sort());
    const zetaWeek = made.find((r) => r.scheduledFrom === zetaReport) as { id: string };
    foreign.push(zetaWeek.id);
    await runScheduledReport(testServices(), zetaWeek.id);
    const alphaWeek = made.find((r) => r.scheduledFrom === alphaReport) as { id: string };
    await handle.db.update(reports).set({ subscribers: [] }).where(eq(reports.id, alphaWeek.id));
    await runScheduledReport(testServices(), alphaWeek.id);
    const [generated] = await handle.db.select().from(reports).where(eq(reports.id, alphaWeek.id));
    expectOwnOnly("scheduled report", generated?.snapshot);
    // The viewer subscribed to Zeta's report but may not see Zeta: no mail.
    expect(smtp.received.filter((m) => m.to.includes(viewerEmail) && m.subject.includes("monthly"))).toEqual([]);
  });

  it("the assistant's tools, and a refusal for Zeta", async () => {
    const reader = requireReader(viewer);
    const asked: Record<string, Record<string, unknown>> = {
      count_mentions: {},
      search_mentions: { limit: 20 },
      volume_over_time: {},
      sentiment_split: {},
      share_of_voice: {},
      top_list: { kind: "authors" },
      compare: { periods: ["last 7 days", "last 30 days"] },
      topics: {},
      list_open_tasks: {},
    };
    expect(Object.keys(asked).sort()).toEqual(TOOLS.map((t) => t.name).sort());
    for (const [name, toolArgs] of Object.entries(asked)) {
      const outcome = await callTool(testServices(), reader, name, { period: "last 30 days", ...toolArgs });
      expectOwnOnly(`assistant ${name}`, outcome, {
        ownShown: !["count_mentions", "volume_over_time", "sentiment_split", "compare", "topics"].includes(name),
      });
    }
    expectOwnOnly("assistant top sources", await callTool(testServices(), reader, "top_list", { kind: "sources" }), {
      ownShown: false,
    });
    const searched = await callTool(testServices(), reader, "count_mentions", { query: "zetasecret" });
    expect(searched.result).toMatchObject({ mentions: 0 });
    const refused = await callTool(testServices(), reader, "count_mentions", { projects: [zeta] });
    expect(refused.result).toEqual({ error: expect.stringContaining("may not see") });
  });

  it("topics of the viewer's projects", async () => {
    const reader = requireReader(viewer);
    const period = resolvePeriod("30", reader.timeZone);
    const topics = await findTopics(testServices(), { scope: readerScope(reader), period, minMentions: 3 });
    expect(topics.topics.length).toBeGreaterThan(0);
    expectOwnOnly("topics", topics, { ownShown: false });
  });

  it("the query preview: Zeta's mentions are neither counted nor shown; one of no project is counted, not shown", async () => {
    type Preview = { preview: { count: number; languages: unknown[]; examples: unknown[]; hiddenExamples: boolean } };
    const zetas = (await answer(previewLoader, manager, "/projects/preview?keywords=zetasecret")) as Preview;
    expect(zetas.preview).toMatchObject({ count: 0, languages: [], examples: [], hiddenExamples: false });
    const admins = (await answer(previewLoader, admin, "/projects/preview?keywords=zetasecret")) as Preview;
    expect(admins.preview.count).toBeGreaterThan(0);
    const orphans = (await answer(previewLoader, manager, "/projects/preview?keywords=orphanword")) as Preview;
    expect(orphans.preview).toMatchObject({ count: 1, examples: [], hiddenExamples: true });
    expectOwnOnly("preview", await answer(previewLoader, manager, "/projects/preview?keywords=alphanews"));
  });
});
