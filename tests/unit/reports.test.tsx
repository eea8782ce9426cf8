// Reports (issue 18): the snapshot from a fixed data set in Tashkent's zone, its permanence, the create form,
// roles and scope, the PDF read back with pdftotext (English, Russian, Uzbek Cyrillic), the CSV, and the
// schedule: due times across a time-zone day boundary, one report per period, e-mail with the PDF attached.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preferencesContext } from "~/core/context.server";
import { addDays, OFFERED_PRESETS, presetDays, QUICK_PRESETS, startOfDay, today } from "~/core/period";
import type { CurrentUser, Reader } from "~/core/reader";
import type { DatabaseHandle } from "~/db/client.server";
import { REPORT_SECTIONS } from "~/db/report-model";
import { messages, reports } from "~/db/schema";
import { PERIOD_CHOICES } from "~/features/analytics/filters";
import { PERIODS as FEED_PERIODS } from "~/features/mentions/feed";
import { OVERVIEW_PERIODS } from "~/features/overview/overview.server";
import { Notes } from "~/features/reports/document";
import { lastOccurrence, queueDueReports } from "~/features/reports/generate.server";
import { closePdfBrowser } from "~/features/reports/pdf.server";
import { OFFERED_REPORT_PERIODS } from "~/features/reports/periods";
import { renderReportHtml } from "~/features/reports/render.server";
import type { ReportViewData } from "~/features/reports/report-view";
import { createReport, getReport, REPORT_PRESETS } from "~/features/reports/reports.server";
import { createReportSchema } from "~/features/reports/schemas";
import { type ReportSnapshot, readSnapshot } from "~/features/reports/snapshot";
import { updatePreferences } from "~/features/settings/preferences.server";
import { resources } from "~/i18n/i18n.server";

import { loader as analyticsLoader } from "~/routes/_app.analytics";
import { loader as listLoader } from "~/routes/_app.reports._index";
import ReportPage, { action as reportAction, loader as reportLoader } from "~/routes/_app.reports.$reportId";
import { action as createAction } from "~/routes/_app.reports.new";
import { loader as csvLoader } from "~/routes/reports.$reportId.csv";
import { loader as pdfLoader } from "~/routes/reports.$reportId.pdf";
import { CHROMIUM, ensureDebianPackage, PDFTOTEXT } from "../../scripts/debian-packages";
import { startAuthService } from "../support/auth-service";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { jobsSettled, startTestJobQueue } from "../support/jobs";
import { formPost, ORIGIN } from "../support/route";
import { testEnv, testServices } from "../support/services";
import { signedInContext } from "../support/session";
import { bodyText, startSmtpServer } from "../support/smtp";

const TASHKENT = "Asia/Tashkent";
let handle: DatabaseHandle;
let alpha: string;
let beta: string;
let other: string;
/** Asked who may read a report, so that its share of voice names only competitors they all may see. */
let auth: Awaited<ReturnType<typeof startAuthService>>;

type Args = Parameters<typeof reportLoader>[0];
const args = (context: unknown, reportId: string, request = new Request(`${ORIGIN}/reports/${reportId}`)) =>
  ({ request, context, params: { reportId }, url: new URL(request.url), pattern: "" }) as unknown as Args;

/** What a loader threw (a 404, a 403) or returned. */
async function settle<T>(promise: Promise<T>): Promise<T | { status: number }> {
  try {
    return await promise;
  } catch (thrown) {
    if (thrown && typeof thrown === "object" && "init" in thrown)
      return { status: (thrown as { init: { status: number } }).init.status };
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const statusOf = (value: unknown) => (value as { status?: number }).status;

const readerOf = (user: CurrentUser, timeZone = TASHKENT): Reader => ({
  ...user,
  timeZone,
  language: "en",
  activeProjectId: null,
});

/** A report of Alpha (or `extra.projectId`) for 2–8 March 2026 in Tashkent, all sections. */
async function alphaReport(language: "en" | "ru" | "uz" | "uz-Cyrl" = "en", extra: Record<string, string> = {}) {
  const projectId = extra.projectId ?? alpha;
  const { user } = await signedInContext({ roles: ["analyst"], projectIds: [projectId] });
  const parsed = createReportSchema.parse({
    projectId,
    period: "custom",
    from: "2026-03-02",
    to: "2026-03-08",
    title: extra.title ?? "Weekly brief",
    language,
    // Every section.
    sections: [...REPORT_SECTIONS],
    topMentionsCount: extra.topMentionsCount ?? "2",
    topMentionIds: extra.topMentionIds,
    notes: "First paragraph.\n\n- one\n- two",
  });
  const report = await createReport(testServices(), readerOf(user), parsed, new Date("2026-03-10T10:00:00Z"));
  return report!;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  auth = await startAuthService({ serviceKey: testEnv().authServiceKey });
  testEnv().authServiceUrl = auth.url;
  beta = (await aProject(handle, { name: "Beta", keywords: ["beta"] })).id;
  alpha = (await aProject(handle, { name: "Alpha", keywords: ["alpha"], competitorIds: [beta] })).id;
  other = (await aProject(handle, { name: "Foreign", keywords: ["foreign"] })).id;
  const news = await aSource(handle, { type: "rss", name: "Daily News" });
  const channel = await aSource(handle, { type: "telegram", name: "Channel", url: "channel" });
  await mentions(handle, {
    source: news,
    projectIds: [alpha],
    items: [
      // Monday 2 March, 00:30 in Tashkent: still Sunday 1 March in UTC, inside the period.
      {
        at: new Date("2026-03-01T19:30:00Z"),
        sentiment: "positive",
        reach: 900,
        author: "Aziza",
        title: "Alpha opens a branch in Samarkand",
        text: "Жители Самарканда хвалят новый филиал Alpha.",
      },
      {
        at: new Date("2026-03-04T09:00:00Z"),
        sentiment: "negative",
        reach: 500,
        author: "Bek",
        title: "Queues at Alpha",
        text: "Oʻzbekiston: navbatlar uzun. Ўзбекистон: навбатлар узун.",
      },
      {
        at: new Date("2026-03-05T09:00:00Z"),
        sentiment: "neutral",
        reach: 10,
        author: "Aziza",
        text: "A quiet note about Alpha.",
      },
    ],
  });
  await mentions(handle, {
    source: channel,
    projectIds: [alpha],
    items: [
      {
        at: new Date("2026-03-08T18:30:00Z"),
        sentiment: "positive",
        reach: 40,
        text: "Alpha late on Sunday, 23:30 in Tashkent.",
      },
      // Monday 9 March, 00:30 in Tashkent: after the period.
      { at: new Date("2026-03-08T19:30:00Z"), sentiment: "negative", reach: 10_000, text: "Alpha after the period." },
      // The previous period, 23 February – 1 March.
      { at: new Date("2026-02-25T09:00:00Z"), sentiment: "negative", reach: 100, text: "Alpha before." },
      { at: new Date("2026-02-26T09:00:00Z"), sentiment: "negative", reach: 100, text: "Alpha before, again." },
    ],
  });
  await mentions(handle, { source: channel, projectIds: [beta], items: [{ at: new Date("2026-03-03T09:00:00Z") }] });
  await mentions(handle, { source: channel, projectIds: [other], items: [{ at: new Date("2026-03-03T09:00:00Z") }] });
});

afterAll(async () => {
  await auth.close();
  await closePdfBrowser();
  await handle.close();
});

describe("a report's snapshot", () => {
  it("holds the period's figures in the report's zone, against the week before", async () => {
    const report = await alphaReport();
    expect(report.status).toBe("ready");
    const s = report.snapshot as unknown as ReportSnapshot;
    expect(s.period).toMatchObject({
      from: "2026-03-02",
      to: "2026-03-08",
      previousFrom: "2026-02-23",
      previousTo: "2026-03-01",
    });
    expect(s.kpis.mentions).toEqual({ value: 4, previous: 2 });
    expect(s.kpis.reach).toEqual({ value: 1450, previous: 200 });
    expect(s.kpis.positive).toEqual({ value: 2, previous: 0 });
    expect(s.kpis.negative).toEqual({ value: 1, previous: 2 });
    expect(s.kpis.net.value).toBeCloseTo(1 / 3);
    expect(s.volume.map((d) => d.day)).toEqual([
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
    ]);
    expect(s.volume[0]).toMatchObject({ positive: 1, neutral: 0, negative: 0 });
    expect(s.volume[6]).toMatchObject({ positive: 1 });
    expect(s.sentiment).toEqual({ positive: 2, neutral: 1, negative: 1 });
    // Beta is Alpha's competitor, and whoever may read Alpha's reports may see Beta: the report names it.
    expect(s.shareOfVoice).toEqual([
      expect.objectContaining({ id: alpha, name: "Alpha", own: true, mentions: 4, share: 0.8 }),
      expect.objectContaining({ id: beta, name: "Beta", own: false, mentions: 1, share: 0.2 }),
    ]);
    expect(s.topSources.map((r) => [r.name, r.mentions, r.reach, r.previous])).toEqual([
      ["Daily News", 3, 1410, 0],
      ["Channel", 1, 40, 2],
    ]);
    expect(s.topSources[0]?.sentiment).toEqual({ positive: 1, neutral: 1, negative: 1 });
    expect(s.previousSentiment).toEqual({ positive: 0, neutral: 0, negative: 2 });
    expect(s.topAuthors.map((r) => [r.name, r.mentions])).toEqual([
      ["Aziza", 2],
      ["Bek", 1],
    ]);
    // The two with the most reach in the period (not the 10 000 one just after it).
    expect(s.topMentions.map((m) => m.reach)).toEqual([900, 500]);
    expect(s.notes).toBe("First paragraph.\n\n- one\n- two");
  });

  it("keeps saying what it said after the mentions change, until it is regenerated", async () => {
    const delta = (await aProject(handle, { name: "Delta", keywords: ["delta"] })).id;
    const source = await aSource(handle, { name: "Delta News" });
    const [kept, changed, gone] = await mentions(handle, {
      source,
      projectIds: [delta],
      items: [
        { at: new Date("2026-03-03T09:00:00Z"), sentiment: "positive", reach: 30 },
        { at: new Date("2026-03-04T09:00:00Z"), sentiment: "positive", reach: 20 },
        { at: new Date("2026-03-05T09:00:00Z"), sentiment: "negative", reach: 10 },
      ],
    });
    const { user, context } = await signedInContext({ roles: ["analyst"], projectIds: [delta] });
    const input = createReportSchema.parse({
      projectId: delta,
      period: "last_week",
      language: "en",
      sections: ["kpis", "sentiment", "top_mentions"],
      topMentionsCount: "5",
    });
    const report = (await createReport(testServices(), readerOf(user), input, new Date("2026-03-10T10:00:00Z")))!;
    const before = report.snapshot as unknown as ReportSnapshot;
    expect(before.sentiment).toEqual({ positive: 2, neutral: 0, negative: 1 });

    await handle.db.update(messages).set({ sentiment: "negative" }).where(eq(messages.id, changed!.id));
    await handle.db.delete(messages).where(eq(messages.id, gone!.id));
    expect((await getReport(testServices(), user, report.id))!.snapshot).toEqual(before);

    const response = (await reportAction(
      args(context, report.id, formPost(`/reports/${report.id}`, { intent: "regenerate" })),
    )) as Response;
    expect(response.status).toBe(302);
    const after = (await getReport(testServices(), user, report.id))!.snapshot as unknown as ReportSnapshot;
    expect(after.sentiment).toEqual({ positive: 1, neutral: 0, negative: 1 });
    expect(after.topMentions.map((m) => m.id)).toEqual([kept!.id, changed!.id]);
    expect(after.generatedAt > before.generatedAt).toBe(true);
  });
});

describe("the report presets (ADR 042)", () => {
  it("every screen offers the one period module's presets, reports' 'Last 7 days' among them, labelled alike", async () => {
    expect(OFFERED_REPORT_PERIODS.map((name) => (name === "custom" ? name : REPORT_PRESETS[name]))).toEqual([
      ...OFFERED_PRESETS,
      "custom",
    ]);
    expect(PERIOD_CHOICES).toEqual([...OFFERED_PRESETS, "custom"]);
    expect(OVERVIEW_PERIODS).toEqual(QUICK_PRESETS);
    expect(FEED_PERIODS).toEqual(QUICK_PRESETS);
    expect(OFFERED_PRESETS).toEqual(expect.arrayContaining([...QUICK_PRESETS]));
    for (const lng of ["en", "ru", "uz", "uz-Cyrl"] as const) {
      const bundle = resources[lng] as unknown as Record<string, any>;
      for (const [name, preset] of Object.entries(REPORT_PRESETS)) {
        expect(bundle.reports.periods[name], `${lng} ${name}`).toBe(bundle.dashboard.analytics.period[preset]);
      }
    }
    expect((resources.en as unknown as Record<string, any>).reports.periods.last_7_days).toBe("Last 7 days");

    // Made from the form, "last 7 days" is today and the 6 days before it in the reader's zone.
    const project = (await aProject(handle, { name: "Weekly", keywords: ["weekly"] })).id;
    const { context } = await signedInContext({ roles: ["analyst"], projectIds: [project] });
    context.set(preferencesContext, { ...context.get(preferencesContext)!, timezone: TASHKENT });
    const form = new URLSearchParams({
      projectId: project,
      period: "last_7_days",
      language: "en",
      topMentionsCount: "5",
    });
    form.append("sections", "kpis");
    const request = new Request(`${ORIGIN}/reports/new`, { method: "POST", body: form, headers: { Origin: ORIGIN } });
    const response = (await createAction(args(context, "", request))) as Response;
    const id = response.headers.get("Location")?.split("/").at(-1) as string;
    const [row] = await handle.db.select().from(reports).where(eq(reports.id, id));
    const day = today(TASHKENT);
    expect([row?.periodKind, row?.periodStart, row?.periodEnd]).toEqual(["last_7_days", addDays(day, -6), day]);
  });

  it("'last 30 days' is today and the 29 days before it in the reader's zone, the same total as analytics", async () => {
    const zone = "Pacific/Kiritimati";
    const project = (await aProject(handle, { name: "Fresh", keywords: ["fresh"] })).id;
    const day = today(zone);
    const at = (d: string, minutes: number) => new Date(startOfDay(d, zone).getTime() + minutes * 60_000);
    await mentions(handle, {
      source: await aSource(handle),
      projectIds: [project],
      items: [
        // Today's first and last hour in UTC+14, the first day of the 30 and the day before them.
        { at: at(day, 10), sentiment: "positive" },
        { at: at(day, 23 * 60 + 50), sentiment: "negative" },
        { at: at(addDays(day, -29), 10) },
        { at: at(addDays(day, -30), 23 * 60 + 50) },
      ],
    });
    const { context } = await signedInContext({ roles: ["analyst"], projectIds: [project] });
    context.set(preferencesContext, { ...context.get(preferencesContext)!, timezone: zone });
    const form = new URLSearchParams({
      projectId: project,
      period: "last_30_days",
      language: "en",
      topMentionsCount: "5",
    });
    for (const s of ["kpis", "volume"]) form.append("sections", s);
    const request = new Request(`${ORIGIN}/reports/new`, { method: "POST", body: form, headers: { Origin: ORIGIN } });
    const response = (await createAction(args(context, "", request))) as Response;
    const id = response.headers.get("Location")?.split("/").at(-1) as string;
    const [row] = await handle.db.select().from(reports).where(eq(reports.id, id));
    const snapshot = row?.snapshot as unknown as ReportSnapshot;
    expect([row?.periodStart, row?.periodEnd]).toEqual([addDays(day, -29), day]);
    expect(snapshot.kpis.mentions.value).toBe(3);
    expect(snapshot.volume.at(-1)).toMatchObject({ day, positive: 1, negative: 1 });

    const analytics = (await analyticsLoader(
      args(context, "", new Request(`${ORIGIN}/analytics?period=30&project=${project}`)) as never,
    )) as { kpis: { current: { mentions: number } }; period: { from: string; to: string } };
    expect(analytics.period).toMatchObject({ from: row?.periodStart, to: row?.periodEnd });
    expect(analytics.kpis.current.mentions).toBe(snapshot.kpis.mentions.value);
  });
});

describe("times in a report", () => {
  it("are one clock reading of the report's zone, and the zone is named", async () => {
    // Generated at 10:00 UTC, 15:00 in Tashkent.
    const report = await alphaReport();
    const html = await renderReportHtml({ ...report, snapshot: report.snapshot as unknown as ReportSnapshot });
    expect(html).toContain("Mar 10, 2026, 15:00 UTC+5");
    expect(html).toContain("Asia/Tashkent (UTC+5)");
    // No other reading of that instant in the text (the <time> element's machine-readable value is UTC).
    expect(html).not.toMatch(/>[^<]*10:00/);
  });

  it("on the report's page, the header says the same reading as the document, to a reader in UTC", async () => {
    const report = await alphaReport();
    const { context } = await signedInContext({ roles: ["viewer"], projectIds: [alpha] });
    const loaderData = (await reportLoader(args(context, report.id))) as ReportViewData;
    const i18n = createInstance({ lng: "en", resources, defaultNS: "reports", interpolation: { escapeValue: false } });
    await i18n.init();
    const Stub = createRoutesStub([{ id: "report", path: "/reports/:id", Component: ReportPage }]);
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <Stub initialEntries={[`/reports/${report.id}`]} hydrationData={{ loaderData: { report: loaderData } }} />
      </I18nextProvider>,
    );
    expect(html).toContain("Snapshot taken Mar 10, 2026, 15:00 UTC+5.");
    expect(html).not.toMatch(/>[^<]*10:00/);
  });
});

describe("an empty section", () => {
  it("says the period had mentions but none has an author, not that there were no mentions", async () => {
    const report = await alphaReport();
    const snapshot = report.snapshot as unknown as ReportSnapshot;
    const html = await renderReportHtml({ ...report, snapshot: { ...snapshot, topAuthors: [] } });
    expect(html).toContain("None of this period&#x27;s mentions names its author.");
    expect(html).not.toContain("No mentions in this period.");
    const quiet = { ...snapshot, topAuthors: [], kpis: { ...snapshot.kpis, mentions: { value: 0, previous: 0 } } };
    expect(await renderReportHtml({ ...report, snapshot: quiet })).toContain("No mentions in this period.");
  });
});

/** The HTML of each section of a rendered document, by its id. */
function sectionsOf(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const m of html.matchAll(/<section[^>]*aria-labelledby="report-([a-z_]+)"[^>]*>([\s\S]*?)<\/section>/g)) {
    found[m[1] as string] = m[2] as string;
  }
  return found;
}

/** The report's page as the server renders it for a reader of its project. */
async function pageHtml(reportId: string, projectId: string) {
  const { context } = await signedInContext({ roles: ["viewer"], projectIds: [projectId] });
  const loaderData = (await reportLoader(args(context, reportId))) as ReportViewData;
  const i18n = createInstance({ lng: "en", resources, defaultNS: "reports", interpolation: { escapeValue: false } });
  await i18n.init();
  const Stub = createRoutesStub([{ id: "report", path: "/reports/:id", Component: ReportPage }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[`/reports/${reportId}`]} hydrationData={{ loaderData: { report: loaderData } }} />
    </I18nextProvider>,
  );
}

/** What the charts kit draws for each section with a chart (ui/charts): its SVG's view box. */
const KIT_SVG: Partial<Record<(typeof REPORT_SECTIONS)[number], RegExp>> = {
  volume: /<svg viewBox="0 0 7 100" preserveAspectRatio="none"/,
  sentiment: /<svg viewBox="-50 -50 100 100"/,
  share_of_voice: /<svg viewBox="-50 -50 100 100"/,
  top_sources: /<svg aria-hidden="true" viewBox="0 0 100 4"/,
  top_authors: /<svg aria-hidden="true" viewBox="0 0 100 4"/,
  trending_terms: /<svg aria-hidden="true" viewBox="0 0 100 4"/,
};

describe("the document draws what /analytics draws (issue 29)", () => {
  const STREETS =
    "Amir Temur, Navoiy, Bobur, Mustaqillik, Shota Rustaveli, Bunyodkor, Chilonzor, Yunusobod, Sebzor, Beshyogoch, Chorsu, Olmazor, Qoratosh, Labzak, Afrosiyob, Buyuk Ipak, Sayram, Kichik Halqa, Farobiy, Nukus, Oybek, Mirobod, Tarobiy, Yakkasaroy".split(
      ", ",
    );
  let gamma: string;
  let report: Awaited<ReturnType<typeof alphaReport>>;

  beforeAll(async () => {
    // Gamma's week (2–8 March): everyday talk, and eight clients complaining of a new QR commission, which
    // the week before (23 February – 1 March) never mentions.
    gamma = (await aProject(handle, { name: "Gamma", keywords: ["gamma"], competitorIds: [beta] })).id;
    const source = await aSource(handle, { name: "Gamma Herald" });
    const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
    const everyday = (i: number, day: string) => ({
      at: at(day, 6 + (i % 10)),
      author: `Reader ${i % 4}`,
      reach: 100 + i,
      sentiment: (["positive", "neutral"] as const)[i % 2],
      text: `Gamma branch on ${STREETS[i]} street opens at ${8 + (i % 3)} o'clock.`,
    });
    await mentions(handle, {
      source,
      projectIds: [gamma],
      items: [
        ...STREETS.slice(0, 16).map((_, i) => everyday(i, `2026-03-0${2 + (i % 7)}`)),
        ...STREETS.slice(0, 8).map((street, i) => ({
          at: at(`2026-03-0${3 + (i % 5)}`, 9),
          sentiment: i < 5 ? ("negative" as const) : ("neutral" as const),
          text: `Clients of Gamma on ${street} complain about the new QR commission.`,
        })),
        // The phrase only past the part of a long text topics read (features/topics): the topic's link finds
        // these too, so its number counts them.
        ...STREETS.slice(8, 10).map((street, i) => ({
          at: at(`2026-03-0${4 + i}`, 12),
          sentiment: "positive" as const,
          text: `Gamma on ${street} street. ${"Opening hours are as usual. ".repeat(40)}No QR commission here.`,
        })),
        ...STREETS.map((_, i) => everyday(i, `2026-02-2${3 + (i % 6)}`)),
      ],
    });
    report = await alphaReport("en", { projectId: gamma, title: "Gamma brief" });
  });

  it("keeps the period's topics, each counted as /analytics counts it: its feed link's total, split by sentiment", async () => {
    const s = report.snapshot as unknown as ReportSnapshot;
    expect(s.version).toBe(2);
    const [first] = s.topics.rows;
    expect(first?.name).toMatch(/qr|commission/i);
    expect(first?.search).toMatch(/qr|commission/i);
    // Eight complaints, and the two long mentions its link finds as well.
    expect(first).toMatchObject({ mentions: 10, previous: 0, sentiment: { positive: 2, neutral: 3, negative: 5 } });
    const { context } = await signedInContext({ roles: ["analyst"], projectIds: [gamma] });
    context.set(preferencesContext, { ...context.get(preferencesContext)!, timezone: TASHKENT });
    const analytics = (await analyticsLoader(
      args(context, "", new Request(`${ORIGIN}/analytics?project=${gamma}&from=2026-03-02&to=2026-03-08`)) as never,
    )) as { topics: Array<{ search: string; count: number; previous: number }> };
    expect(analytics.topics.find((t) => t.search === first?.search)).toMatchObject({ count: 10, previous: 0 });
  });

  it("draws each chosen section with the charts kit, on the page and in the PDF's HTML", async () => {
    const s = report.snapshot as unknown as ReportSnapshot;
    const page = sectionsOf(await pageHtml(report.id, gamma));
    const pdf = sectionsOf(await renderReportHtml({ ...report, snapshot: readSnapshot(report.snapshot) }));
    for (const sections of [page, pdf]) {
      expect(Object.keys(sections)).toEqual(REPORT_SECTIONS.filter((id) => id !== "notes" || s.notes));
      for (const [id, svg] of Object.entries(KIT_SVG)) expect(sections[id], id).toMatch(svg);
      // The competitor by its name; "other competitors" is only ever a remainder.
      expect(sections.share_of_voice).toContain("Beta");
      expect(sections.share_of_voice).not.toContain("Other competitors");
      expect(sections.trending_terms).toContain(s.topics.rows[0]?.name);
    }
    // On the page a topic opens the feed of its mentions; on paper there is nowhere to go.
    const feed = new URLSearchParams({
      project: gamma,
      from: "2026-03-02",
      to: "2026-03-08",
      q: s.topics.rows[0]?.search ?? "",
    });
    expect(page.trending_terms).toContain(`href="/messages?${feed.toString().replace(/&/g, "&amp;")}"`);
    expect(pdf.trending_terms).not.toContain("<a ");
  });

  it("reads a snapshot of the first version as it was: terms as topics, unnamed competitors, no changes it did not keep", async () => {
    const v1 = {
      version: 1,
      generatedAt: "2026-03-10T10:00:00.000Z",
      workspace: "Kuzatuv",
      project: { id: gamma, name: "Gamma", color: "#0072b2" },
      period: {
        from: "2026-03-02",
        to: "2026-03-08",
        previousFrom: "2026-02-23",
        previousTo: "2026-03-01",
        timeZone: TASHKENT,
      },
      sections: ["kpis", "sentiment", "share_of_voice", "top_sources", "top_authors", "trending_terms"],
      kpis: {
        mentions: { value: 24, previous: 24 },
        reach: { value: 1_234_567, previous: 1_000 },
        positive: { value: 8, previous: 12 },
        negative: { value: 5, previous: 0 },
        net: { value: 0.23, previous: 1 },
      },
      volume: [],
      sentiment: { positive: 8, neutral: 11, negative: 5 },
      shareOfVoice: [
        { id: gamma, name: "Gamma", color: "#0072b2", mentions: 24 },
        { id: "other", name: "", color: "#9aa3b2", mentions: 6 },
      ],
      topSources: [{ name: "Gamma Herald", type: "rss", mentions: 24, reach: 1_234_567 }],
      topAuthors: [{ name: "Reader 1", mentions: 6, reach: 600 }],
      trendingTerms: [{ term: "qr commission", count: 8, previous: 0 }],
      topMentions: [],
      notes: null,
    };
    await handle.db.update(reports).set({ snapshot: v1 }).where(eq(reports.id, report.id));
    const read = readSnapshot(v1);
    expect(read.topics.rows).toEqual([
      { name: "qr commission", mentions: 8, previous: 0, sentiment: null, search: "qr commission" },
    ]);
    expect(read.topSources[0]).toMatchObject({ previous: null, sentiment: null });
    const page = sectionsOf(await pageHtml(report.id, gamma));
    const pdf = sectionsOf(await renderReportHtml({ ...report, snapshot: read }));
    for (const sections of [page, pdf]) {
      expect(Object.keys(sections)).toEqual(v1.sections);
      for (const id of v1.sections.slice(1))
        expect(sections[id], id).toMatch(KIT_SVG[id as keyof typeof KIT_SVG] as RegExp);
      expect(sections.share_of_voice).toContain("Other competitors");
      expect(sections.trending_terms).toContain("qr commission");
      // A figure it did not keep is unknown, not "no change".
      expect(sections.top_sources).toMatch(/<td[^>]*>—<\/td>/);
    }
    const { context } = await signedInContext({ roles: ["viewer"], projectIds: [gamma] });
    const csv = await ((await csvLoader(args(context, report.id) as never)) as Response).text();
    expect(csv).toContain("trending_terms,qr commission,8,0,");
    expect(csv).toContain("top_sources,Gamma Herald,24,,1234567");
  });
});

describe("KPI figures (issue 29)", () => {
  const big = (s: ReportSnapshot): ReportSnapshot => ({
    ...s,
    kpis: {
      ...s.kpis,
      mentions: { value: 3_251_171, previous: 2_999_999 },
      reach: { value: 987_654_321, previous: 123_456_789 },
      positive: { value: 123_456_789, previous: 99_999 },
      negative: { value: 456_789_012, previous: 0 },
    },
  });

  it("are compact when long, with the exact value on hover and for screen readers, in the report's language", async () => {
    for (const [language, short, exact, whole] of [
      ["en", "3.25M", "3,251,171", "99,999"],
      ["ru", "3,25\u00a0млн", "3\u00a0251\u00a0171", "99\u00a0999"],
      ["uz-Cyrl", "3,25\u00a0млн", "3\u00a0251\u00a0171", "99\u00a0999"],
    ] as const) {
      const report = await alphaReport(language);
      const html = await renderReportHtml({ ...report, snapshot: big(readSnapshot(report.snapshot)) });
      const kpis = sectionsOf(html).kpis as string;
      expect(kpis).toContain(
        `<data value="3251171" title="${exact}"><span aria-hidden="true">${short}</span><span class="sr-only">${exact}</span></data>`,
      );
      // A figure that fits stays whole.
      expect(kpis).toContain(whole);
    }
  });
});

describe("notes", () => {
  it("become paragraphs and lists, a heading line kept apart from the list under it", () => {
    const html = renderToStaticMarkup(
      <Notes text={"Highlights:\n- one\n- two\n\nThen a paragraph\non two lines.\n1. first\n2. second"} />,
    );
    expect(html).toBe(
      '<div class="report-notes"><p>Highlights:</p><ul><li>one</li><li>two</li></ul><p>Then a paragraph\non two lines.</p><ol><li>first</li><li>second</li></ol></div>',
    );
  });
});

describe("creating a report", () => {
  it("sends back what was typed with a translated error per field, and keeps the period's order", async () => {
    const { context } = await signedInContext({ roles: ["analyst"], projectIds: [alpha], language: "ru" });
    const result = (await createAction(
      args(
        context,
        "",
        formPost("/reports/new", {
          projectId: "",
          period: "custom",
          from: "2026-03-08",
          to: "2026-03-01",
          title: "Мой отчёт",
          language: "ru",
          sections: "kpis",
          topMentionsCount: "5",
        }),
      ),
    )) as unknown as {
      data: { fieldErrors: Record<string, string>; values: Record<string, string> };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      projectId: "reports:errors.projectRequired",
      from: "reports:errors.period.order",
    });
    expect(result.data.values.title).toBe("Мой отчёт");
  });

  it("orders the sections by their positions and suggests a title in the report's language", async () => {
    const { context } = await signedInContext({ roles: ["analyst"], projectIds: [alpha] });
    const form = new URLSearchParams({
      projectId: alpha,
      period: "last_week",
      title: "",
      language: "ru",
      topMentionsCount: "3",
      "position.notes": "1",
      "position.kpis": "2",
    });
    for (const s of ["kpis", "notes", "top_mentions"]) form.append("sections", s);
    const request = new Request(`${ORIGIN}/reports/new`, { method: "POST", body: form, headers: { Origin: ORIGIN } });
    const response = (await createAction(args(context, "", request))) as Response;
    expect(response.status).toBe(302);
    const id = response.headers.get("Location")?.split("/").at(-1) as string;
    const [row] = await handle.db.select().from(reports).where(eq(reports.id, id));
    expect(row?.sections).toEqual(["notes", "kpis", "top_mentions"]);
    expect(row?.title).toBe("Alpha · Прошлая неделя");
    expect(row?.language).toBe("ru");
  });
});

describe("roles and scope", () => {
  it("hides a report of a foreign project, its PDF and CSV included; viewers cannot create, analysts cannot delete", async () => {
    const report = await alphaReport();
    const { context: stranger } = await signedInContext({ roles: ["manager"], projectIds: [other] });
    for (const loader of [reportLoader, pdfLoader, csvLoader] as Array<(a: Args) => Promise<unknown>>) {
      expect(statusOf(await settle(loader(args(stranger, report.id))))).toBe(404);
    }
    const list = (await listLoader(args(stranger, "", new Request(`${ORIGIN}/reports`)) as never)) as {
      rows: unknown[];
    };
    expect(list.rows).toEqual([]);

    const { context: viewer } = await signedInContext({ roles: ["viewer"], projectIds: [alpha] });
    expect(statusOf(await settle(createAction(args(viewer, "", formPost("/reports/new", { projectId: alpha })))))).toBe(
      403,
    );
    const { context: analyst } = await signedInContext({ roles: ["analyst"], projectIds: [alpha] });
    expect(
      statusOf(
        await settle(reportAction(args(analyst, report.id, formPost(`/reports/${report.id}`, { intent: "delete" })))),
      ),
    ).toBe(403);
    const { context: manager } = await signedInContext({ roles: ["manager"], projectIds: [alpha] });
    const deleted = (await reportAction(
      args(manager, report.id, formPost(`/reports/${report.id}`, { intent: "delete" })),
    )) as Response;
    expect(deleted.headers.get("Location")).toBe("/reports");
    expect(statusOf(await settle(reportLoader(args(manager, report.id))))).toBe(404);
  });

  it("lists the reports of the reader's projects, searched by title and filtered by project", async () => {
    await alphaReport("en", { title: "Quarterly pulse" });
    const { context } = await signedInContext({ roles: ["viewer"], projectIds: [alpha] });
    const list = (await listLoader(
      args(context, "", new Request(`${ORIGIN}/reports?q=pulse&project=${alpha}`)) as never,
    )) as { rows: Array<{ title: string; projectName: string }> };
    expect(list.rows.map((r) => [r.title, r.projectName])).toEqual([["Quarterly pulse", "Alpha"]]);
  });
});

describe("files", () => {
  beforeAll(() => {
    ensureDebianPackage(CHROMIUM, "chromium", "PDF reports");
    ensureDebianPackage(PDFTOTEXT, "poppler-utils", "Reading PDF reports back");
  });

  /** The text of a PDF, as pdftotext reads it. */
  async function pdfText(response: Response) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "report-")), "report.pdf");
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    return execFileSync(PDFTOTEXT, ["-layout", file, "-"], { encoding: "utf8" });
  }

  for (const [language, expected] of [
    ["en", ["Mentions", "Top mentions", "Alpha opens a branch in Samarkand", "Жители Самарканда"]],
    ["ru", ["Упоминания", "Главные упоминания", "Ключевые показатели", "Жители Самарканда"]],
    ["uz-Cyrl", ["Тилга олинишлар", "Асосий кўрсаткичлар", "Қамров", "Ўзбекистон: навбатлар узун"]],
  ] as const) {
    it(`prints a PDF whose text has the title, the figures and the top mentions (${language})`, async () => {
      const report = await alphaReport(language, { title: `Brief ${language}` });
      const { context } = await signedInContext({ roles: ["viewer"], projectIds: [alpha] });
      const response = (await pdfLoader(args(context, report.id) as never)) as Response;
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toContain(`Brief-${language}-2026-03-02-2026-03-08.pdf`);
      const text = await pdfText(response);
      for (const words of [`Brief ${language}`, ...expected]) expect(text).toContain(words);
      // Its rankings head their columns: what is counted, its change, its reach.
      const doc = (resources[language] as unknown as Record<string, any>).reports.document;
      expect(text).toMatch(new RegExp(`${doc.source}\\s+${doc.mentions}\\s+${doc.change}\\s+${doc.reach}`));
      // The key figures: mentions 4 and reach 1,450 (in the report language's digits grouping).
      expect(text).toMatch(/1[\s,. ]?450/);
      expect(text).toMatch(/1 \/ \d/);
      // Its times, the footer's included, name the report's zone.
      expect(text).toContain("Asia/Tashkent (UTC+5)");
      expect(text).toMatch(/15:00 UTC\+5[\s\S]*1 \/ \d/);
    });
  }

  it("exports the report's tables as CSV", async () => {
    const report = await alphaReport();
    const { context } = await signedInContext({ roles: ["viewer"], projectIds: [alpha] });
    const response = (await csvLoader(args(context, report.id) as never)) as Response;
    const bytes = Buffer.from(await response.arrayBuffer());
    // A BOM first, so spreadsheets read UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain("section,item,value,previous,reach");
    expect(text).toContain("kpis,mentions,4,2,");
    expect(text).toContain("top_sources,Daily News,3,0,1410");
    expect(text).toContain("share_of_voice,Beta,1,,");
  });
});

describe("schedules", () => {
  it("come due on Monday and the 1st at 06:00 in the report's zone, for the period just ended", () => {
    // 01:00 UTC on Monday 9 March is 06:00 in Tashkent but still 17:00 on Sunday in Los Angeles.
    const at = new Date("2026-03-09T01:00:00Z");
    expect(lastOccurrence("weekly", TASHKENT, at)).toEqual({
      dueAt: at,
      days: { from: "2026-03-02", to: "2026-03-08" },
    });
    expect(lastOccurrence("weekly", TASHKENT, new Date(at.getTime() - 1)).days).toEqual({
      from: "2026-02-23",
      to: "2026-03-01",
    });
    expect(lastOccurrence("weekly", "America/Los_Angeles", at).days).toEqual({ from: "2026-02-23", to: "2026-03-01" });
    // 1 April 06:00 in Tashkent is 31 March 01:00 UTC.
    expect(lastOccurrence("monthly", TASHKENT, new Date("2026-04-01T01:00:00Z")).days).toEqual({
      from: "2026-03-01",
      to: "2026-03-31",
    });
    expect(lastOccurrence("monthly", TASHKENT, new Date("2026-04-01T00:59:00Z")).days).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    // Made by hand at the same moment, "last 30 days" is today (Monday 9 March in Tashkent) and the 29 days before.
    expect(presetDays(REPORT_PRESETS.last_30_days, today(TASHKENT, at))).toEqual({
      from: "2026-02-08",
      to: "2026-03-09",
    });
  });

  it("make one report per period however often the loop looks, generated by the queue and mailed with its PDF to the subscribers who may still see it", async () => {
    const auth = await startAuthService({ serviceKey: testEnv().authServiceKey });
    const smtp = await startSmtpServer();
    const env = testEnv();
    const saved = { ...env };
    Object.assign(env, { authServiceUrl: auth.url, SMTP_URL: smtp.url, MAIL_FROM: "reports@kuzatuv.test" });
    const queue = await startTestJobQueue(handle);
    try {
      const people = (await auth.service.ensureDemoAccounts(
        [
          { email: "admin@example.com", roles: ["admin"], projectIds: [] },
          { email: "stays@example.com", roles: ["manager"], projectIds: [alpha] },
          // Subscribed while a member, then taken off the project.
          { email: "left@example.com", roles: ["viewer"], projectIds: [other] },
        ].map((a) => ({ ...a, password: "correct horse battery" })) as never,
      ))!;
      const subscriber = (email: string) => {
        const { id } = people.find((p) => p.email === email)!;
        return { id, email };
      };
      const parent = await alphaReport("ru", { title: "Еженедельно" });
      const { context, user } = await signedInContext({ roles: ["manager"], projectIds: [alpha] });
      const scheduled = (await reportAction(
        args(
          context,
          parent.id,
          formPost(`/reports/${parent.id}`, { intent: "schedule", schedule: "weekly", subscriberIds: user.id }),
        ),
      )) as Response;
      expect(scheduled.status).toBe(302);
      await handle.db
        .update(reports)
        .set({
          subscribers: [subscriber("stays@example.com"), subscriber("left@example.com")],
          createdAt: new Date("2026-03-01T00:00:00Z"),
          // Set up in UTC; its owner lives in Tashkent now.
          timeZone: "UTC",
        })
        .where(eq(reports.id, parent.id));
      await updatePreferences(testServices(), parent.createdBy!, { timezone: TASHKENT });
      const monday = new Date("2026-03-09T01:00:00Z");
      await Promise.all([queueDueReports(testServices(), monday), queueDueReports(testServices(), monday)]);
      await queueDueReports(testServices(), new Date("2026-03-09T05:00:00Z"));
      await jobsSettled(handle, 60_000);
      const made = await handle.db.select().from(reports).where(eq(reports.scheduledFrom, parent.id));
      expect(made.map((r) => [r.periodStart, r.periodEnd, r.timeZone, r.status])).toEqual([
        ["2026-03-02", "2026-03-08", TASHKENT, "ready"],
      ]);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual(["stays@example.com"]);
      expect(smtp.received[0]?.subject).toContain("Еженедельно");
      expect(smtp.received[0]?.raw).toMatch(/Content-Type: application\/pdf/i);
      const parts = smtp.received[0]?.raw.split(/\r?\n--[^\r\n]+\r?\n/) ?? [];
      const plain = parts.find((part) => /content-type: text\/plain/i.test(part)) ?? "";
      expect(bodyText(plain)).toContain("Еженедельно");
      // Read in any zone: the mail names the report's.
      expect(bodyText(plain)).toContain("Asia/Tashkent (UTC+5)");
    } finally {
      await queue.stop(5_000);
      await smtp.close();
      await auth.close();
      Object.assign(env, saved);
    }
  });
});
