import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { preferencesContext } from "~/core/context.server";
import { addDays, startOfDay, today } from "~/core/period";
import type { DatabaseHandle } from "~/db/client.server";
import { messages, sources } from "~/db/schema";
import { verifyWebhookSecret } from "~/features/sources/webhook-secret.server";
import { LANGUAGES } from "~/i18n/config";
import type { JobName } from "~/lib/jobs.server";
import { takeFlashToast } from "~/lib/toast.server";
import { action as listAction, loader as listLoader } from "~/routes/_app.sources._index";
import { action as detailAction, loader as detailLoader } from "~/routes/_app.sources.$sourceId";
import { action as editAction, loader as editLoader } from "~/routes/_app.sources.$sourceId.edit";
import { action as newAction, loader as newLoader } from "~/routes/_app.sources.new";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { call, formPost, get, ORIGIN, statusOf } from "../support/route";
import { installTestServices, testEnv } from "../support/services";
import { signedInContext } from "../support/session";

// A public IPv4 literal: passes the private-address check without asking DNS (no network in tests).
const PUBLIC_HOST = "93.184.215.14";

let handle: DatabaseHandle;
const queued: Array<{ name: JobName; data: Record<string, unknown> }> = [];

beforeAll(async () => {
  delete process.env.COLLECTOR_ALLOW_PRIVATE;
  handle = await openTestDatabase();
  installTestServices({
    jobs: {
      send: async (name, data) => {
        queued.push({ name, data });
        return String(queued.length);
      },
    },
  });
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  queued.length = 0;
  await handle.db.delete(sources);
});

type Failure = { data: { values: Record<string, string>; fieldErrors: Record<string, string> }; init: ResponseInit };
type ListPage = {
  rows: Array<{ id: string; name: string; newItems7d: number; fetchRequestedAt: Date | null }>;
  total: number;
  typeCounts: Record<string, number>;
  statusCounts: Record<string, number>;
  canManage: boolean;
};

const manager = () => signedInContext({ roles: ["manager"] });
/** The reader's time zone, as their preferences say. */
function inZone(context: Awaited<ReturnType<typeof signedInContext>>["context"], timezone: string) {
  const preferences = context.get(preferencesContext);
  if (preferences) context.set(preferencesContext, { ...preferences, timezone });
  return context;
}
const create = async (fields: Record<string, string>, context?: unknown) =>
  call(newAction as never, formPost("/sources/new", fields), context ?? (await manager()).context);
const stored = async (name: string) => (await handle.db.select().from(sources).where(eq(sources.name, name)))[0];
const toastOf = async (response: Response) => {
  const cookie =
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("toast="))
      ?.split(";")[0] ?? "";
  return (await takeFlashToast(testEnv(), new Request(ORIGIN, { headers: { Cookie: cookie } }))).toast;
};

/** The key's text in a language's locale file ("sources:errors.urlPrivate"). */
function localeText(lng: string, nsKey: string): unknown {
  const [ns, key] = nsKey.split(":") as [string, string];
  const tree = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, `../../locales/${lng}/${ns}.json`), "utf8"),
  );
  return key.split(".").reduce((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe("the table", () => {
  it("filters by type and status and searches name and address, all from the URL, with counts per filter", async () => {
    const feed = await aSource(handle, { type: "rss", name: "Daryo feed", url: "https://daryo.uz/feed" });
    await aSource(handle, { type: "telegram", name: "Kun.uz channel", url: "kunuznews" });
    await aSource(handle, { type: "website", name: "Gazeta", url: "https://gazeta.uz/sitemap.xml", status: "paused" });
    await aSource(handle, { type: "webhook", name: "CRM", url: null, status: "failing", failureCount: 5 });
    await mentions(handle, { source: feed, items: [{}, {}, {}] });
    const admin = await signedInContext({ roles: ["admin"] });
    const list = async (query: string) =>
      (await call(listLoader as never, get(`/sources${query}`), admin.context)) as ListPage;

    const all = await list("");
    expect(all.rows.map((r) => r.name)).toEqual(["CRM", "Daryo feed", "Gazeta", "Kun.uz channel"]);
    expect(all.rows.find((r) => r.name === "Daryo feed")?.newItems7d).toBe(3);
    expect((await list("?type=telegram&type=website")).rows.map((r) => r.name)).toEqual(["Gazeta", "Kun.uz channel"]);
    expect((await list("?status=paused")).rows.map((r) => r.name)).toEqual(["Gazeta"]);
    // The search reads the URL or handle too; % is a character, not a wildcard.
    expect((await list("?q=KUNUZ")).rows.map((r) => r.name)).toEqual(["Kun.uz channel"]);
    expect((await list("?q=%25")).rows).toEqual([]);
    const failing = await list("?status=failing");
    expect(failing.rows.map((r) => r.name)).toEqual(["CRM"]);
    expect(failing.typeCounts).toEqual({ webhook: 1 });
    expect(all.statusCounts).toEqual({ active: 2, paused: 1, failing: 1 });
    expect((await list("?sort=newItems7d&dir=desc")).rows[0]?.name).toBe("Daryo feed");
    expect((await list("?sort=failures&dir=desc")).rows[0]?.name).toBe("CRM");
    // Bad values fall back to defaults; a page past the end is the last one.
    const odd = await list("?type=fax&sort=nope&page=99&size=10");
    expect(odd.total).toBe(4);
    expect(odd.rows).toHaveLength(4);
  });

  it("counts the items of the last 7 days in the reader's zone (today and the 6 days before), and says the zone", async () => {
    const zone = "Pacific/Kiritimati";
    const feed = await aSource(handle, { name: "Zoned" });
    const firstDay = startOfDay(addDays(today(zone), -6), zone);
    const [before, within] = await mentions(handle, { source: feed, items: [{}, {}] });
    const collected = async (id: string, at: number) =>
      handle.db
        .update(messages)
        .set({ collectedAt: new Date(at) })
        .where(eq(messages.id, id));
    // A second before the first of the 7 days began there, and a second after.
    await collected(before!.id, firstDay.getTime() - 1_000);
    await collected(within!.id, firstDay.getTime() + 1_000);
    const { context } = await signedInContext();
    const page = (await call(listLoader as never, get("/sources"), inZone(context, zone))) as ListPage & {
      timeZone: string;
    };
    expect(page.rows.find((r) => r.name === "Zoned")?.newItems7d).toBe(1);
    expect(page.timeZone).toBe(zone);
    const detail = (await call(detailLoader as never, get(`/sources/${feed.id}`), context, { sourceId: feed.id })) as {
      timeZone: string;
    };
    expect(detail.timeZone).toBe(zone);
  });

  it("everyone reads; only admins and managers get the buttons", async () => {
    await aSource(handle);
    for (const role of ["admin", "manager", "analyst", "viewer"] as const) {
      const { context } = await signedInContext({ roles: [role] });
      const page = (await call(listLoader as never, get("/sources"), context)) as ListPage;
      expect(page.rows, role).toHaveLength(1);
      expect(page.canManage, role).toBe(role === "admin" || role === "manager");
    }
  });
});

describe("adding a source", () => {
  it("adds each type with the fields its type reads", async () => {
    const rss = (await create({
      type: "rss",
      name: "RSS",
      url: `http://${PUBLIC_HOST}/rss.xml`,
      pollIntervalMinutes: "30",
      language: "ru",
    })) as Response;
    expect(rss.status).toBe(302);
    const rssRow = await stored("RSS");
    expect(rss.headers.get("Location")).toBe(`/sources/${rssRow?.id}`);
    expect(rssRow).toMatchObject({
      type: "rss",
      url: `http://${PUBLIC_HOST}/rss.xml`,
      pollIntervalMinutes: 30,
      language: "ru",
    });
    expect(await toastOf(rss)).toMatchObject({ key: "sources:toast.created", values: { name: "RSS" } });

    await create({ type: "atom", name: "Atom", url: `https://${PUBLIC_HOST}/atom.xml` });
    expect(await stored("Atom")).toMatchObject({ type: "atom", pollIntervalMinutes: 15, language: null });
    await create({
      type: "website",
      name: "Site",
      url: `https://${PUBLIC_HOST}/sitemap.xml`,
      pollIntervalMinutes: "1440",
    });
    expect(await stored("Site")).toMatchObject({ type: "website", pollIntervalMinutes: 1440 });
    // A handle typed as a link is stored as the handle alone; a URL field sent along is ignored.
    await create({ type: "telegram", name: "TG", handle: "https://t.me/s/kuzatuv_news", url: "https://x.example" });
    expect((await stored("TG"))?.url).toMatch(/^kuzatuv_news$/i);
    await create({ type: "manual", name: "Hand", url: "https://ignored.example" });
    expect(await stored("Hand")).toMatchObject({ type: "manual", url: null, webhookSecretHash: null });
  });

  it("refuses bad input with translated errors and keeps what was typed", async () => {
    const bad = (await create({ type: "rss", name: " ", url: "ftp://feeds.example/rss", language: "xx" })) as Failure;
    expect(bad.init.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({
      name: "sources:errors.nameRequired",
      url: "sources:errors.urlInvalid",
      language: "sources:errors.languageInvalid",
    });
    expect(bad.data.values).toMatchObject({ type: "rss", url: "ftp://feeds.example/rss" });
    const interval = (await create({
      type: "rss",
      name: "X",
      url: `http://${PUBLIC_HOST}/`,
      pollIntervalMinutes: "2",
    })) as Failure;
    expect(interval.data.fieldErrors).toEqual({ pollIntervalMinutes: "sources:errors.intervalInvalid" });
    const handle1 = (await create({ type: "telegram", name: "T", handle: "no spaces allowed" })) as Failure;
    expect(handle1.data.fieldErrors).toEqual({ handle: "sources:errors.handleInvalid" });
    expect(handle1.data.values.handle).toBe("no spaces allowed");
    const missing = (await create({ type: "website", name: "" })) as Failure;
    expect(missing.data.fieldErrors).toEqual({
      name: "sources:errors.nameRequired",
      url: "sources:errors.urlRequired",
    });
    const noType = (await create({ type: "fax", name: "F" })) as Failure;
    expect(noType.data.fieldErrors.type).toBe("sources:errors.typeInvalid");

    for (const key of [
      ...Object.values(bad.data.fieldErrors),
      "sources:errors.intervalInvalid",
      "sources:errors.handleInvalid",
      "sources:errors.urlPrivate",
      "sources:errors.duplicate",
    ]) {
      for (const lng of LANGUAGES) expect(typeof localeText(lng, key), `${lng} ${key}`).toBe("string");
    }
    expect(await handle.db.select().from(sources)).toEqual([]);
  });

  it("refuses a URL into a private network (COLLECTOR_ALLOW_PRIVATE off)", async () => {
    for (const url of [
      "http://127.0.0.1:8080/rss",
      "http://10.1.2.3/feed",
      "http://[::1]/feed",
      "http://169.254.169.254/",
    ]) {
      const refused = (await create({ type: "rss", name: "Inside", url })) as Failure;
      expect(refused.init.status, url).toBe(400);
      expect(refused.data.fieldErrors, url).toEqual({ url: "sources:errors.urlPrivate" });
      expect(refused.data.values.url).toBe(url);
    }
    expect(await handle.db.select().from(sources)).toEqual([]);
  });

  it("refuses the same type and address twice, keeping what was typed", async () => {
    const url = `https://${PUBLIC_HOST}/rss`;
    expect(statusOf(await create({ type: "rss", name: "First", url }))).toBe(302);
    const again = (await create({ type: "rss", name: "Second", url, language: "uz" })) as Failure;
    expect(again.init.status).toBe(409);
    expect(again.data.fieldErrors).toEqual({ url: "sources:errors.duplicate" });
    expect(again.data.values).toMatchObject({ name: "Second", url, language: "uz" });
    // Another type may read the same address.
    expect(statusOf(await create({ type: "atom", name: "Third", url }))).toBe(302);
    await create({ type: "telegram", name: "TG1", handle: "@kuzatuv_news" });
    const sameHandle = (await create({ type: "telegram", name: "TG2", handle: "t.me/kuzatuv_news" })) as Failure;
    expect(sameHandle.data.fieldErrors).toEqual({ handle: "sources:errors.duplicate" });
  });

  it("shows a webhook's secret once, stores only its SHA-256, and rotates it", async () => {
    const admin = await signedInContext({ roles: ["admin"] });
    const answer = (await create({ type: "webhook", name: "CRM" }, admin.context)) as {
      created: { id: string; secret: string; endpoint: string };
    };
    const { id, secret, endpoint } = answer.created;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(endpoint).toBe(`${ORIGIN}/api/ingest/${id}`);
    const row = await stored("CRM");
    expect(row?.webhookSecretHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(verifyWebhookSecret(secret, row?.webhookSecretHash ?? null)).toBe(true);
    expect(verifyWebhookSecret(`${secret}x`, row?.webhookSecretHash ?? null)).toBe(false);
    expect(verifyWebhookSecret("", row?.webhookSecretHash ?? null)).toBe(false);
    expect(verifyWebhookSecret(secret, null)).toBe(false);
    // The source's page shows the endpoint, never the secret.
    const page = await call(detailLoader as never, get(`/sources/${id}`), admin.context, { sourceId: id });
    expect(JSON.stringify(page)).not.toContain(secret);
    expect(page).toMatchObject({ endpoint });

    const rotated = (await call(
      detailAction as never,
      formPost(`/sources/${id}`, { intent: "rotate" }),
      admin.context,
      {
        sourceId: id,
      },
    )) as { secret: string };
    expect(rotated.secret).not.toBe(secret);
    const after = await stored("CRM");
    expect(verifyWebhookSecret(rotated.secret, after?.webhookSecretHash ?? null)).toBe(true);
    expect(verifyWebhookSecret(secret, after?.webhookSecretHash ?? null)).toBe(false);

    const rss = await aSource(handle);
    const notWebhook = await call(
      detailAction as never,
      formPost(`/sources/${rss.id}`, { intent: "rotate" }),
      admin.context,
      {
        sourceId: rss.id,
      },
    );
    expect(statusOf(notWebhook)).toBe(400);
  });
});

describe("editing, pausing, fetching and deleting", () => {
  it("edits within the type; a new address starts afresh", async () => {
    const source = await aSource(handle, {
      type: "rss",
      name: "Old",
      url: `https://${PUBLIC_HOST}/old`,
      etag: '"v1"',
      failureCount: 3,
      lastError: "HTTP 500",
    });
    const { context } = await manager();
    const form = (await call(editLoader as never, get(`/sources/${source.id}/edit`), context, {
      sourceId: source.id,
    })) as {
      source: { url: string; handle: string };
    };
    expect(form.source).toMatchObject({ url: `https://${PUBLIC_HOST}/old`, handle: "" });
    const edited = (await call(
      editAction as never,
      formPost(`/sources/${source.id}/edit`, {
        type: "webhook",
        name: "New",
        url: `https://${PUBLIC_HOST}/new`,
        pollIntervalMinutes: "60",
      }),
      context,
      { sourceId: source.id },
    )) as Response;
    expect(edited.headers.get("Location")).toBe(`/sources/${source.id}`);
    expect(await stored("New")).toMatchObject({
      type: "rss",
      url: `https://${PUBLIC_HOST}/new`,
      pollIntervalMinutes: 60,
      etag: null,
      failureCount: 0,
      lastError: null,
    });
    const bad = (await call(
      editAction as never,
      formPost(`/sources/${source.id}/edit`, { name: "New", url: "http://192.168.1.1/" }),
      context,
      { sourceId: source.id },
    )) as Failure;
    expect(bad.data.fieldErrors).toEqual({ url: "sources:errors.urlPrivate" });
    expect(statusOf(await call(editLoader as never, get("/sources/nope/edit"), context, { sourceId: "nope" }))).toBe(
      404,
    );
  });

  it("pauses and resumes from the table, back to the same filtered page", async () => {
    const source = await aSource(handle, { failureCount: 2 });
    const { context } = await manager();
    const back = "/sources?status=active&q=Source";
    const pause = (await call(
      listAction as never,
      formPost(back, { intent: "pause", id: source.id }),
      context,
    )) as Response;
    expect(pause.headers.get("Location")).toBe(back);
    expect((await stored(source.name))?.status).toBe("paused");
    await call(listAction as never, formPost(back, { intent: "resume", id: source.id }), context);
    expect(await stored(source.name)).toMatchObject({ status: "active", failureCount: 0 });
  });

  it("Fetch now marks the row as fetching and queues the fetch; sources no collector reads are refused", async () => {
    const feed = await aSource(handle);
    const { context } = await manager();
    const response = (await call(
      listAction as never,
      formPost("/sources", { intent: "fetch", id: feed.id }),
      context,
    )) as Response;
    expect(response.status).toBe(302);
    expect(queued).toEqual([{ name: "fetch-source", data: { sourceId: feed.id } }]);
    const page = (await call(listLoader as never, get("/sources"), context)) as ListPage;
    expect(page.rows[0]?.fetchRequestedAt).toBeInstanceOf(Date);

    const manual = await aSource(handle, { type: "manual", url: null });
    const refused = (await call(
      detailAction as never,
      formPost(`/sources/${manual.id}`, { intent: "fetch" }),
      context,
      { sourceId: manual.id },
    )) as Response;
    expect(await toastOf(refused)).toMatchObject({ type: "error", key: "sources:toast.notFetchable" });
    expect(queued).toHaveLength(1);
  });

  it("deletes with the name typed, and says how many mentions go with it", async () => {
    const project = await aProject(handle);
    const source = await aSource(handle, { name: "Doomed" });
    await mentions(handle, { source, projectIds: [project.id], items: [{}, {}, {}, {}] });
    const { context } = await manager();
    const page = (await call(detailLoader as never, get(`/sources/${source.id}`), context, {
      sourceId: source.id,
    })) as {
      mentionsTotal: number;
      mentions: unknown[];
    };
    expect(page.mentionsTotal).toBe(4);
    const wrong = (await call(
      detailAction as never,
      formPost(`/sources/${source.id}`, { intent: "delete", confirm: "doomed" }),
      context,
      { sourceId: source.id },
    )) as Failure;
    expect(wrong.init.status).toBe(400);
    expect(wrong.data.fieldErrors).toEqual({ confirm: "sources:errors.confirmName" });
    const deleted = (await call(
      detailAction as never,
      formPost(`/sources/${source.id}`, { intent: "delete", confirm: "Doomed" }),
      context,
      { sourceId: source.id },
    )) as Response;
    expect(deleted.headers.get("Location")).toBe("/sources");
    expect(await stored("Doomed")).toBeUndefined();
    expect(await handle.db.select().from(messages).where(eq(messages.sourceId, source.id))).toEqual([]);
  });

  it("analysts and viewers read a source's page but change nothing (403)", async () => {
    const project = await aProject(handle);
    const other = await aProject(handle);
    const source = await aSource(handle);
    await mentions(handle, { source, projectIds: [project.id], items: [{ text: "ours" }] });
    await mentions(handle, { source, projectIds: [other.id], items: [{ text: "theirs" }] });
    for (const role of ["analyst", "viewer"] as const) {
      const { context } = await signedInContext({ roles: [role], projectIds: [project.id] });
      const page = (await call(detailLoader as never, get(`/sources/${source.id}`), context, {
        sourceId: source.id,
      })) as {
        canManage: boolean;
        mentions: Array<{ text: string }>;
      };
      expect(page.canManage).toBe(false);
      // Only the mentions of their own projects.
      expect(page.mentions.map((m) => m.text)).toEqual(["ours"]);
      expect(statusOf(await call(newLoader as never, get("/sources/new"), context))).toBe(403);
      expect(statusOf(await create({ type: "manual", name: "Nope" }, context))).toBe(403);
      expect(
        statusOf(await call(editLoader as never, get(`/sources/${source.id}/edit`), context, { sourceId: source.id })),
      ).toBe(403);
      expect(
        statusOf(await call(listAction as never, formPost("/sources", { intent: "pause", id: source.id }), context)),
      ).toBe(403);
      for (const intent of ["pause", "fetch", "rotate", "delete"]) {
        const result = await call(
          detailAction as never,
          formPost(`/sources/${source.id}`, { intent, confirm: source.name }),
          context,
          {
            sourceId: source.id,
          },
        );
        expect(statusOf(result), `${role} ${intent}`).toBe(403);
      }
    }
    expect((await stored(source.name))?.status).toBe("active");
    expect(queued).toEqual([]);
  });
});
