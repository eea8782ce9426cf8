// Alerts: the rule on synthetic series, detection on stored mentions (once per project, kind and day), and
// delivery through the real job queue, the real auth service and a real SMTP server on loopback.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/core/period";
import { type CurrentUser, type Reader, toCurrentUser } from "~/core/reader";
import type { DatabaseHandle } from "~/db/client.server";
import { alerts, notifications } from "~/db/schema";
import { alertText } from "~/features/alerts/alert-text";
import { deliverAlert } from "~/features/alerts/deliver.server";
import { detectAlerts } from "~/features/alerts/detect.server";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadNotifications,
} from "~/features/alerts/notifications.server";
import { type DayFigures, detect, MIN_MENTIONS } from "~/features/alerts/rule";
import { loadPreferences, updatePreferences } from "~/features/settings/preferences.server";
import { ingest } from "~/features/sources/ingest.server";
import { createFormatter } from "~/lib/format";
import type { RunningJobQueue } from "../../server/jobs/queue";
import { api, type startAuthService } from "../support/auth-service";
import { aProject, aSource, mentions, openTestDatabase, usualMonth } from "../support/builders";
import { formatPreferences } from "../support/format";
import { jobsSettled, startTestJobQueue } from "../support/jobs";
import { startJobsOutside } from "../support/jobs-outside";
import { testEnv, testServices } from "../support/services";
import { bodyText, type startSmtpServer } from "../support/smtp";

const readerOf = (user: CurrentUser, language: string): Reader => ({
  ...user,
  language,
  timeZone: "America/Los_Angeles",
  activeProjectId: null,
});
const preferences = formatPreferences({ showRelativeTime: false });
const day = (mentions: number, negative = 0): DayFigures => ({ mentions, negative });
/** 28 days of ordinary noise: 20 ± 4 mentions, about a tenth of them negative. */
const noise = Array.from({ length: 28 }, (_, i) => day(20 + ((i * 7) % 9) - 4, 2 + (i % 2)));

describe("the alert rule", () => {
  it("fires on a volume spike, not on a day of ordinary noise", () => {
    expect(detect(noise, day(60, 6))).toEqual([expect.objectContaining({ kind: "volume", value: 60 })]);
    for (const ordinary of noise) expect(detect(noise, ordinary)).toEqual([]);
    expect(detect(noise, day(26, 3))).toEqual([]);
  });

  it("fires on a jump in the negative share even when the volume is usual", () => {
    const [fired] = detect(noise, day(20, 12));
    expect(fired).toMatchObject({ kind: "negative", value: 0.6 });
    expect(fired!.baseline).toBeCloseTo(noise.reduce((s, d) => s + d.negative / d.mentions, 0) / 28, 5);
  });

  it("never fires below the minimum count, however far above the usual", () => {
    const quiet = Array.from({ length: 28 }, (_, i) => day(i % 3 === 0 ? 1 : 0));
    expect(detect(quiet, day(MIN_MENTIONS - 1, MIN_MENTIONS - 1))).toEqual([]);
    // Enough mentions, but only four negative ones: a volume alert only.
    expect(detect(quiet, day(MIN_MENTIONS, 4)).map((f) => f.kind)).toEqual(["volume"]);
  });

  it("stays silent for a project without a week of history", () => {
    const young = [...Array.from({ length: 22 }, () => day(0)), ...Array.from({ length: 6 }, () => day(3))];
    expect(detect(young, day(200, 150))).toEqual([]);
  });
});

let handle: DatabaseHandle;
let auth: Awaited<ReturnType<typeof startAuthService>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let queue: RunningJobQueue;
let outside: Awaited<ReturnType<typeof startJobsOutside>>;
const config = testEnv();

beforeAll(async () => {
  handle = await openTestDatabase();
  outside = await startJobsOutside({ mailFrom: "Kuzatuv <alerts@kuzatuv.example>" });
  ({ auth, smtp } = outside);
  config.APP_URL = "https://kuzatuv.example";
  queue = await startTestJobQueue(handle);
});
afterAll(async () => {
  await queue.stop(1_000);
  await outside.close();
  await handle.close();
});

describe("detection", () => {
  it("stores an alert once per project, kind and day, however often it runs", async () => {
    const project = await aProject(handle);
    await usualMonth(handle, project.id);
    const source = await aSource(handle);
    await mentions(handle, { source, projectIds: [project.id], items: Array.from({ length: 40 }, () => ({})) });

    const now = new Date();
    const [first, second] = await Promise.all([
      detectAlerts(testServices(), project.id, { now }),
      detectAlerts(testServices(), project.id, { now }),
    ]);
    expect([...first!, ...second!]).toHaveLength(1);
    expect(await detectAlerts(testServices(), project.id, { now })).toEqual([]);
    const stored = await handle.db.select().from(alerts).where(eq(alerts.projectId, project.id));
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: config.WORKSPACE_TIME_ZONE }).format(now);
    expect(stored).toEqual([expect.objectContaining({ kind: "volume", day: today, value: 40 })]);
    expect(stored[0]!.baseline).toBeCloseTo(10, 0);
    await jobsSettled(handle);
  });

  it("counts days in the workspace's time zone: 20:00 UTC belongs to the next day at UTC+5", async () => {
    const project = await aProject(handle);
    await usualMonth(handle, project.id);
    const now = new Date();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: config.WORKSPACE_TIME_ZONE }).format(now);
    // Late in yesterday's UTC evening, but already today in Tashkent.
    const lateEvening = new Date(`${addDays(today, -1)}T20:30:00Z`);
    const source = await aSource(handle);
    await mentions(handle, {
      source,
      projectIds: [project.id],
      items: Array.from({ length: 40 }, () => ({ at: lateEvening })),
    });
    await detectAlerts(testServices(), project.id, { now });
    const stored = await handle.db.select().from(alerts).where(eq(alerts.projectId, project.id));
    expect(stored.map((a) => a.day)).toEqual([today]);
    await jobsSettled(handle);
  });
});

describe("delivery", () => {
  it("asks the auth service for a project's audience with the service key, which nobody else has", async () => {
    const projectIds = [(await aProject(handle)).id];
    expect((await api(auth.url, "/project-audience", { body: { projectIds } })).status).toBe(401);
    const wrong = await api(auth.url, "/project-audience", { body: { projectIds }, token: "x".repeat(64) });
    expect(wrong.status).toBe(401);
    const right = await api(auth.url, "/project-audience", { body: { projectIds }, token: config.authServiceKey });
    expect(right).toMatchObject({ status: 200, body: { success: true, data: { audience: { [projectIds[0]!]: [] } } } });
  });

  it("reaches the project's members and admins in their language, as their preferences say, never twice", async () => {
    const project = await aProject(handle, {
      name: "Acme",
      keywords: ["acme"],
      translations: { name: { ru: "Акме" } },
    });
    const other = await aProject(handle);
    const people = (await auth.service.ensureDemoAccounts(
      [
        { email: "admin@example.com", roles: ["admin"], projectIds: [] },
        { email: "ru@example.com", roles: ["manager"], projectIds: [project.id] },
        { email: "no-email@example.com", roles: ["analyst"], projectIds: [project.id] },
        { email: "nothing@example.com", roles: ["viewer"], projectIds: [project.id] },
        { email: "outsider@example.com", roles: ["viewer"], projectIds: [other.id] },
      ].map((a) => ({ ...a, password: "correct horse battery" })) as never,
    ))!;
    const id = (email: string) => people.find((p) => p.email === email)!.id;
    const first = { language: "en" as const, timezone: "UTC", theme: "system" as const };
    for (const p of people) await loadPreferences(testServices(), p.id, async () => first);
    await updatePreferences(testServices(), id("ru@example.com"), { language: "ru" });
    await updatePreferences(testServices(), id("no-email@example.com"), { communicationEmails: false });
    await updatePreferences(testServices(), id("nothing@example.com"), { notify: "none" });

    await usualMonth(handle, project.id);
    // The spike arrives through the pipeline, which queues detection, which queues delivery.
    const source = await aSource(handle);
    const spike = Array.from({ length: 40 }, (_, i) => ({ externalId: `spike-${i}`, text: `acme news number ${i}` }));
    await ingest(testServices(), source.id, spike);
    await jobsSettled(handle);

    const [alert] = await handle.db.select().from(alerts).where(eq(alerts.projectId, project.id));
    expect(alert).toMatchObject({ kind: "volume", value: 40 });
    expect(alert!.deliveredAt).not.toBeNull();

    const mail = smtp.received.filter((m) => m.subject.includes("Acme") || m.subject.includes("Акме"));
    expect(mail.map((m) => m.to).sort()).toEqual([["admin@example.com"], ["ru@example.com"]]);
    const ru = mail.find((m) => m.to[0] === "ru@example.com")!;
    expect(ru.subject).toBe("Kuzatuv: всплеск упоминаний «Акме»");
    expect(ru.from).toBe("alerts@kuzatuv.example");
    const text = bodyText(ru.raw);
    expect(text).toContain("Всплеск упоминаний «Акме»: 40");
    // Recipients live in various zones: the day names the workspace's.
    const ruLong = createFormatter({ ...preferences, locale: "ru", dateFormat: "long" });
    expect(text).toContain(`40 за ${ruLong.day(alert!.day)} (UTC+5)`);
    expect(text).toContain(
      `https://kuzatuv.example/messages?project=${project.id}&from=${alert!.day}&to=${alert!.day}`,
    );
    expect(mail.find((m) => m.to[0] === "admin@example.com")!.subject).toBe(
      "Kuzatuv alert: a spike in mentions of Acme",
    );

    const notified = await handle.db.select().from(notifications).where(eq(notifications.alertId, alert!.id));
    expect(notified.map((n) => n.userId).sort()).toEqual(
      [id("admin@example.com"), id("ru@example.com"), id("no-email@example.com")].sort(),
    );

    // A retried delivery and another detection send nothing more.
    await handle.db.update(alerts).set({ deliveredAt: null }).where(eq(alerts.id, alert!.id));
    await deliverAlert(testServices(), alert!.id);
    expect(await detectAlerts(testServices(), project.id)).toEqual([]);
    await jobsSettled(handle);
    expect(smtp.received.filter((m) => mail.includes(m) || m.subject.includes("Acme"))).toHaveLength(2);
    expect(await handle.db.select().from(notifications).where(eq(notifications.alertId, alert!.id))).toHaveLength(3);

    // The bell: unread until read; a member taken off the project no longer sees it.
    const member = toCurrentUser({ ...people.find((p) => p.email === "ru@example.com")!, projectIds: [project.id] });
    expect(await unreadNotifications(testServices(), member)).toBe(1);
    const [item] = await listNotifications(testServices(), readerOf(member, "ru"));
    expect(item).toMatchObject({ projectName: "Акме", kind: "volume", day: alert!.day, readAt: null });
    // The day is the workspace's, and the bell says so to a reader in any zone.
    const t = (key: string, values: Record<string, unknown>) => `${key} ${values.day}`;
    const readerFormat = createFormatter({ ...preferences, timeZone: "America/Los_Angeles" });
    expect(alertText(t, readerFormat, item!, "")).toBe(
      `dashboard:alerts.volume ${readerFormat.day(alert!.day)} (UTC+5)`,
    );
    const admin = toCurrentUser(people.find((p) => p.email === "admin@example.com")!);
    expect(await markNotificationRead(testServices(), admin, item!.id)).toBe(false);
    expect(await markNotificationRead(testServices(), member, item!.id)).toBe(true);
    expect(await unreadNotifications(testServices(), member)).toBe(0);
    expect(await unreadNotifications(testServices(), admin)).toBe(1);
    expect(await markAllNotificationsRead(testServices(), admin)).toBe(1);
    const removed = toCurrentUser({ ...people.find((p) => p.email === "no-email@example.com")!, projectIds: [] });
    expect(await unreadNotifications(testServices(), removed)).toBe(0);
    expect(await listNotifications(testServices(), readerOf(removed, "en"))).toEqual([]);
    // An account's project list may hold ids that are not UUIDs (the auth service takes any): the bell still answers.
    const odd = toCurrentUser({
      ...people.find((p) => p.email === "ru@example.com")!,
      projectIds: ["legacy-1", project.id],
    });
    expect(await unreadNotifications(testServices(), odd)).toBe(0);
    expect(await listNotifications(testServices(), readerOf(odd, "en"))).toHaveLength(1);
  });

  it("sends no e-mail when mail is not configured, but still notifies", async () => {
    const saved = config.SMTP_URL;
    config.SMTP_URL = undefined;
    try {
      const project = await aProject(handle);
      await usualMonth(handle, project.id);
      const source = await aSource(handle);
      await mentions(handle, { source, projectIds: [project.id], items: Array.from({ length: 40 }, () => ({})) });
      const before = smtp.received.length;
      const [alertId] = await detectAlerts(testServices(), project.id);
      await jobsSettled(handle);
      expect(smtp.received).toHaveLength(before);
      const notified = await handle.db.select().from(notifications).where(eq(notifications.alertId, alertId!));
      expect(notified.length).toBeGreaterThan(0);
      expect(notified.every((n) => n.emailedAt === null)).toBe(true);
    } finally {
      config.SMTP_URL = saved;
    }
  });
});
