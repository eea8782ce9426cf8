import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Preferences, preferencesContext } from "~/core/context.server";
import { countMentions } from "~/core/count.server";
import { addDays, presetDays, rangeOf, today, zonedInstant } from "~/core/period";
import { foldWord } from "~/core/text";
import type { DatabaseHandle } from "~/db/client.server";
import { messageDuplicates, messages, tasks } from "~/db/schema";
import { ingest } from "~/features/sources/ingest.server";
import { action as feedAction, loader as feedLoader } from "~/routes/_app.messages";
import { action as mentionAction, loader as mentionLoader } from "~/routes/_app.messages.$messageId";
import { loader as arrivalsLoader } from "~/routes/messages.arrivals";
import { loader as exportLoader } from "~/routes/messages.export";
import { aProject, aSource, aTask, mentions, openTestDatabase } from "../support/builders";
import { ORIGIN } from "../support/route";
import { testServices } from "../support/services";
import { signedInContext } from "../support/session";

type Context = Awaited<ReturnType<typeof signedInContext>>["context"];
type Feed = {
  items: Array<{
    id: string;
    title: string | null;
    text: string;
    isRead: boolean;
    isStarred: boolean;
    projects: Array<{ id: string }>;
  }>;
  total: { count: number; estimated: boolean };
  next: string[] | null;
  previous: string[] | null;
};

let handle: DatabaseHandle;
let admin: Context;

beforeAll(async () => {
  handle = await openTestDatabase();
  admin = (await signedInContext({ roles: ["admin"] })).context;
});
afterAll(async () => {
  await handle.close();
});

const args = (context: Context, path: string, init?: RequestInit, params: Record<string, string> = {}) => {
  const request = new Request(`${ORIGIN}${path}`, init);
  return { request, context, url: new URL(request.url), params, pattern: "" } as never;
};

async function feed(context: Context, params: Record<string, string | string[]>): Promise<Feed> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const v of [value].flat()) search.append(key, v);
  return (await feedLoader(args(context, `/messages?${search}`))) as unknown as Feed;
}

const titles = (page: Feed) => page.items.map((m) => m.title).sort();

/** A signed-in reader whose time zone is `timeZone`. */
async function readerIn(timeZone: string, overrides: Parameters<typeof signedInContext>[0]) {
  const { context } = await signedInContext(overrides);
  context.set(preferencesContext, { ...(context.get(preferencesContext) as Preferences), timezone: timeZone });
  return context;
}

async function exported(context: Context, search: string) {
  const response = (await exportLoader(args(context, `/messages/export?${search}`))) as Response;
  const rows = parse((await response.text()).replace(/^\uFEFF/, ""), { columns: true }) as Array<{ id: string }>;
  return { ids: rows.map((row) => row.id), fileName: response.headers.get("Content-Disposition") };
}

/** Catches what loaders and actions throw (404, 403, redirects) as the router would. */
async function outcome<T>(run: () => Promise<T>): Promise<T | Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "init" in thrown) {
      return new Response(null, { status: (thrown as { init: { status: number } }).init.status });
    }
    throw thrown;
  }
}

const post = (context: Context, path: string, fields: Record<string, string | string[]>, params = {}) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return args(context, path, { method: "POST", body }, params);
};

describe("search_fold", () => {
  it("folds every word as the matcher's foldWord does (index and query agree)", async () => {
    const words = [
      "Тошкент",
      "Ереван",
      "подъезд",
      "Ёшлар",
      "ЧИЛОНЗОР",
      "Щука",
      "оʻзбек",
      "O'zbek",
      "Ўзбек",
      "қизил",
      "ғалаба",
      "ҳоким",
      "École",
      "Zoë",
      "шее",
      "Nurbankning",
      "ЮНУСОБОД",
      "Янги",
    ];
    const rows = (await handle.db.execute(
      sql`SELECT search_fold(w) AS folded FROM unnest(${`{${words.join(",")}}`}::text[]) WITH ORDINALITY AS t(w, i) ORDER BY i`,
    )) as unknown as { rows: Array<{ folded: string }> };
    expect(rows.rows.map((r) => r.folded)).toEqual(words.map(foldWord));
  });
});

describe("search", () => {
  let project: string;
  beforeAll(async () => {
    project = (await aProject(handle)).id;
    const source = await aSource(handle);
    await mentions(handle, {
      source,
      projectIds: [project],
      items: [
        { title: "uz-latin", text: "Nurbankning Toshkentdagi filiali ochildi" },
        { title: "uz-cyrillic", text: "Нурбанкнинг Тошкент филиали" },
        { title: "ozbek-apostrophe", text: "Oʻzbek tili kuni" },
        { title: "ru-bank", text: "Клиенты банка довольны" },
        { title: "ru-bankom", text: "Договор с банком подписан" },
        { title: "ru-filialy", text: "Новые филиалы открыты" },
        { title: "phrase", text: "Kredit karta endi onlayn" },
        { title: "phrase-apart", text: "Karta va kredit alohida" },
        { title: "accents", text: "Une École de commerce", author: "Zoë Müller" },
        { title: "prefix", text: "Mobilbanking ilovasi yangilandi" },
      ],
    });
  });

  const search = async (q: string) => titles(await feed(admin, { project, q }));

  it("finds Uzbek words in both scripts and with their endings", async () => {
    expect(await search("Nurbank")).toEqual(["uz-cyrillic", "uz-latin"]);
    expect(await search("Нурбанк")).toEqual(["uz-cyrillic", "uz-latin"]);
    expect(await search("Тошкент")).toEqual(["uz-cyrillic", "uz-latin"]);
    expect(await search("Toshkent")).toEqual(["uz-cyrillic", "uz-latin"]);
  });

  it("treats every spelling of oʻ the same", async () => {
    for (const q of ["o'zbek", "oʻzbek", "ўзбек", "OʼZBEK"]) expect(await search(q)).toEqual(["ozbek-apostrophe"]);
  });

  it("finds Russian word forms", async () => {
    expect(await search("банк")).toEqual(["ru-bank", "ru-bankom"]);
    expect(await search("банка")).toEqual(["ru-bank", "ru-bankom"]);
    expect(await search("филиал")).toEqual(["ru-filialy", "uz-cyrillic", "uz-latin"]);
    expect(await search("филиалы")).toEqual(["ru-filialy", "uz-cyrillic", "uz-latin"]);
  });

  it("needs every word, and none of the excluded ones", async () => {
    expect(await search("Nurbank Toshkent")).toEqual(["uz-cyrillic", "uz-latin"]);
    expect(await search("Nurbank ochildi")).toEqual(["uz-latin"]);
    expect(await search("Nurbank -ochildi")).toEqual(["uz-cyrillic"]);
    expect(await search('kredit -"kredit karta"')).toEqual(["phrase-apart"]);
  });

  it("matches a quoted phrase only with its words in a row", async () => {
    expect(await search('"kredit karta"')).toEqual(["phrase"]);
    expect(await search("kredit karta")).toEqual(["phrase", "phrase-apart"]);
  });

  it("finds prefixes, and ignores case and diacritics in title, text and author", async () => {
    expect(await search("mobil*")).toEqual(["prefix"]);
    expect(await search("ecole")).toEqual(["accents"]);
    expect(await search("zoe muller")).toEqual(["accents"]);
  });

  it("says how many matched, and finds nothing for words that are absent", async () => {
    const page = await feed(admin, { project, q: "Nurbank" });
    expect(page.total).toEqual({ count: 2, estimated: false });
    expect(await search("qovun")).toEqual([]);
  });
});

describe("filters", () => {
  let project: string;
  let other: string;
  let telegram: { id: string };
  beforeAll(async () => {
    project = (await aProject(handle)).id;
    other = (await aProject(handle)).id;
    const rss = await aSource(handle);
    telegram = await aSource(handle, { type: "telegram" });
    await mentions(handle, {
      source: rss,
      projectIds: [project],
      items: [
        { title: "positive-ru", sentiment: "positive", language: "ru", isRead: true },
        { title: "negative-uz", sentiment: "negative", language: "uz", isStarred: true, tags: ["crisis"] },
        { title: "old", daysAgo: 40, isRead: true },
        { title: "archived", isArchived: true },
      ],
    });
    await mentions(handle, { source: telegram, projectIds: [project], items: [{ title: "telegram", daysAgo: 3 }] });
    await mentions(handle, { source: rss, projectIds: [other], items: [{ title: "other-project" }] });
  });

  const filtered = async (params: Record<string, string | string[]>) =>
    titles(await feed(admin, { project, ...params }));

  it("hides archived mentions unless asked for", async () => {
    expect(await filtered({})).toEqual(["negative-uz", "old", "positive-ru", "telegram"]);
    expect(await filtered({ archived: "archived" })).toEqual(["archived"]);
  });

  it("filters by sentiment, language, source type and source", async () => {
    expect(await filtered({ sentiment: "negative" })).toEqual(["negative-uz"]);
    expect(await filtered({ sentiment: ["negative", "positive"] })).toEqual(["negative-uz", "positive-ru"]);
    expect(await filtered({ language: "ru" })).toEqual(["positive-ru"]);
    expect(await filtered({ type: "telegram" })).toEqual(["telegram"]);
    expect(await filtered({ source: telegram.id })).toEqual(["telegram"]);
  });

  it("'other' language is any other or unknown one, as analytics counts it; the total is the rows", async () => {
    const mixed = (await aProject(handle)).id;
    const rss = await aSource(handle);
    await mentions(handle, {
      source: rss,
      projectIds: [mixed],
      items: [{ title: "german", language: "de" }, { title: "unknown" }, { title: "english", language: "en" }],
    });
    const page = await feed(admin, { project: mixed, language: "other" });
    expect(titles(page)).toEqual(["german", "unknown"]);
    expect(page.total).toEqual({ count: 2, estimated: false });
    const counted = await countMentions(handle.db, {
      scope: [mixed],
      start: new Date(0),
      end: new Date(Date.now() + 86_400_000),
      languages: ["other"],
    });
    expect(counted.total).toBe(2);
  });

  it("filters by read state, star and tag", async () => {
    expect(await filtered({ read: "unread" })).toEqual(["negative-uz", "telegram"]);
    expect(await filtered({ read: "read" })).toEqual(["old", "positive-ru"]);
    expect(await filtered({ star: "starred" })).toEqual(["negative-uz"]);
    expect(await filtered({ tag: "crisis" })).toEqual(["negative-uz"]);
  });

  it("filters by period and by dates", async () => {
    expect(await filtered({ period: "7" })).toEqual(["negative-uz", "positive-ru", "telegram"]);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    expect(await filtered({ from: day(41), to: day(39) })).toEqual(["old"]);
    expect(await filtered({ to: day(2) })).toEqual(["old", "telegram"]);
  });

  it("filters by project, and ignores what it does not understand", async () => {
    expect(titles(await feed(admin, { project: other }))).toEqual(["other-project"]);
    expect(await filtered({ sentiment: "furious", period: "-1", from: "yesterday" })).toEqual(await filtered({}));
  });
});

describe("the author filter", () => {
  let project: string;
  let foreign: string;
  let telegram: { id: string };
  beforeAll(async () => {
    project = (await aProject(handle)).id;
    foreign = (await aProject(handle)).id;
    const rss = await aSource(handle);
    telegram = await aSource(handle, { type: "telegram" });
    await mentions(handle, {
      source: rss,
      projectIds: [project],
      items: [
        { title: "bekzod-negative", author: "Bekzod Aliyev", sentiment: "negative", tags: ["crisis"] },
        { title: "bekzod-old", author: "Bekzod Aliyev", daysAgo: 40 },
        { title: "bekzod-archived", author: "Bekzod Aliyev", isArchived: true },
        // Names him in its text: a search for the name finds it, the author filter does not.
        { title: "about-bekzod", author: "Tahririyat", text: "Bekzod Aliyev said the rate was cut" },
        { title: "no-author", text: "Bekzod Aliyev again" },
      ],
    });
    await mentions(handle, {
      source: telegram,
      projectIds: [project],
      items: [{ title: "bekzod-telegram", author: "Bekzod Aliyev", daysAgo: 2, text: "ipoteka stavkasi" }],
    });
    await mentions(handle, {
      source: rss,
      projectIds: [foreign],
      items: [
        { title: "secret-agent", author: "Secret Agent" },
        { title: "bekzod-foreign", author: "Bekzod Aliyev" },
      ],
    });
  });

  const authored = (params: Record<string, string | string[]>) => feed(admin, { project, ...params });

  it("shows the author's mentions only (not those naming them), with the exact total and export", async () => {
    const page = await authored({ author: "Bekzod Aliyev" });
    expect(titles(page)).toEqual(["bekzod-negative", "bekzod-old", "bekzod-telegram"]);
    expect(page.total).toEqual({ count: 3, estimated: false });
    expect((page as unknown as { query: { author: string } }).query.author).toBe("Bekzod Aliyev");
    const search = new URLSearchParams({ project, author: "Bekzod Aliyev" });
    expect((await exported(admin, search.toString())).ids).toHaveLength(3);
    // A search for the name finds more: the mentions that name him.
    expect((await authored({ q: '"Bekzod Aliyev"' })).total.count).toBe(5);
  });

  it("reads a name as it is stored: spaces collapsed, case kept", async () => {
    expect(titles(await authored({ author: "  Bekzod \t Aliyev " }))).toEqual(
      titles(await authored({ author: "Bekzod Aliyev" })),
    );
    expect((await authored({ author: "bekzod aliyev" })).total).toEqual({ count: 0, estimated: false });
  });

  it("combines with the other filters, the search and the dates", async () => {
    const both = async (params: Record<string, string | string[]>) => {
      const page = await authored({ author: "Bekzod Aliyev", ...params });
      expect({ params, total: page.total }).toEqual({ params, total: { count: page.items.length, estimated: false } });
      return titles(page);
    };
    expect(await both({ sentiment: "negative" })).toEqual(["bekzod-negative"]);
    expect(await both({ type: "telegram" })).toEqual(["bekzod-telegram"]);
    expect(await both({ source: telegram.id })).toEqual(["bekzod-telegram"]);
    expect(await both({ period: "7" })).toEqual(["bekzod-negative", "bekzod-telegram"]);
    expect(await both({ tag: "crisis" })).toEqual(["bekzod-negative"]);
    expect(await both({ q: "ipoteka" })).toEqual(["bekzod-telegram"]);
    expect(await both({ archived: "archived" })).toEqual(["bekzod-archived"]);
    expect(await both({ sentiment: "positive" })).toEqual([]);
  });

  it("ignores an empty author, and finds nothing for an unknown one", async () => {
    expect(titles(await authored({ author: "  " }))).toEqual(titles(await authored({})));
    expect((await authored({ author: "" })).total).toEqual((await authored({})).total);
    const unknown = await authored({ author: "Nobody Atall" });
    expect(unknown.items).toEqual([]);
    expect(unknown.total).toEqual({ count: 0, estimated: false });
  });

  it("stays within the reader's projects, and suggests only authors they may see", async () => {
    const { context } = await signedInContext({ roles: ["viewer"], projectIds: [project] });
    const page = (await feed(context, { author: "Secret Agent" })) as Feed & { choices: { authors: string[] } };
    expect(page.items).toEqual([]);
    expect(page.total).toEqual({ count: 0, estimated: false });
    // His mention in the other project is not theirs, and naming that project shows nothing.
    const theirs = await feed(context, { author: "Bekzod Aliyev" });
    expect(titles(theirs)).toEqual(["bekzod-negative", "bekzod-old", "bekzod-telegram"]);
    expect(theirs.total).toEqual({ count: 3, estimated: false });
    const named = await feed(context, { author: "Bekzod Aliyev", project: foreign });
    expect({ items: named.items, total: named.total }).toEqual({ items: [], total: { count: 0, estimated: false } });
    expect(page.choices.authors).toContain("Bekzod Aliyev");
    expect(page.choices.authors).not.toContain("Secret Agent");
  });
});

describe("keyset pages", () => {
  it("walk every mention once, forward and back, while new ones arrive", async () => {
    const project = (await aProject(handle)).id;
    const source = await aSource(handle);
    const at = new Date("2026-06-01T12:00:00Z").getTime();
    // Some share a timestamp: the id breaks the tie.
    const stored = await mentions(handle, {
      source,
      projectIds: [project],
      items: Array.from({ length: 60 }, (_, i) => ({ at: new Date(at - Math.floor(i / 3) * 60_000), reach: i % 7 })),
    });
    for (const sort of [{}, { sort: "published", dir: "asc" }, { sort: "reach", dir: "desc" }] as Array<
      Record<string, string>
    >) {
      const seen: string[] = [];
      let params: Record<string, string> = { project, ...sort };
      const pages: Feed[] = [];
      for (;;) {
        const page = await feed(admin, params);
        pages.push(page);
        seen.push(...page.items.map((m) => m.id));
        // Newer mentions arrive between pages: they must not shift what comes next.
        await mentions(handle, { source, projectIds: [project], items: [{ at: new Date() }] });
        if (!page.next) break;
        params = { ...params, after: page.next.join("~") };
      }
      const original = new Set(stored.map((m) => m.id));
      const walked = seen.filter((id) => original.has(id));
      expect(new Set(walked).size).toBe(walked.length);
      expect(walked.length).toBe(60);
      // Back from the last page gives the page before it.
      const last = pages.at(-1) as Feed;
      const back = await feed(admin, { project, ...sort, before: (last.previous as string[]).join("~") });
      expect(back.items.map((m) => m.id)).toEqual((pages.at(-2) as Feed).items.map((m) => m.id));
    }
  });

  it("counts the mentions that arrived after the page was loaded, under its filters", async () => {
    const project = (await aProject(handle)).id;
    const source = await aSource(handle);
    await mentions(handle, { source, projectIds: [project], items: [{ title: "before" }] });
    const { loadedAt } = (await feed(admin, { project })) as unknown as { loadedAt: string };
    // PGlite's clock counts milliseconds: what is stamped in the page's own millisecond is not "after" it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mentions(handle, {
      source,
      projectIds: [project],
      items: [{ title: "after", sentiment: "negative" }, { title: "after too" }],
    });
    const arrivals = async (extra: string) =>
      (await (
        (await arrivalsLoader(
          args(admin, `/messages/arrivals?project=${project}&since=${encodeURIComponent(loadedAt)}${extra}`),
        )) as Response
      ).json()) as { count: number };
    expect(await arrivals("")).toEqual({ count: 2 });
    expect(await arrivals("&sentiment=negative")).toEqual({ count: 1 });
  });

  it("starts over on a malformed cursor", async () => {
    const project = (await aProject(handle)).id;
    const source = await aSource(handle);
    await mentions(handle, { source, projectIds: [project], items: [{ title: "only" }] });
    expect(titles(await feed(admin, { project, after: "nonsense~x" }))).toEqual(["only"]);
  });
});

describe("access", () => {
  let mine: string;
  let foreign: string;
  let shared: string;
  let hidden: string;
  beforeAll(async () => {
    mine = (await aProject(handle, { name: "Mine" })).id;
    foreign = (await aProject(handle, { name: "Foreign" })).id;
    const source = await aSource(handle);
    [shared] = (
      await mentions(handle, {
        source,
        projectIds: [mine, foreign],
        items: [{ title: "shared secret", text: "zarafshon" }],
      })
    ).map((m) => m.id);
    [hidden] = (
      await mentions(handle, {
        source,
        projectIds: [foreign],
        items: [{ title: "foreign secret", text: "zarafshon" }],
      })
    ).map((m) => m.id);
  });

  it("shows a viewer the mentions of their projects only, and only their project on a shared one", async () => {
    const { context } = await signedInContext({ roles: ["viewer"], projectIds: [mine] });
    for (const params of [{}, { q: "zarafshon" }, { project: foreign }] as Array<Record<string, string>>) {
      const page = await feed(context, params);
      expect(page.items.map((m) => m.id)).not.toContain(hidden);
    }
    const page = await feed(context, { q: "zarafshon" });
    expect(page.items.map((m) => m.id)).toEqual([shared]);
    expect(page.items[0]?.projects.map((p) => p.id)).toEqual([mine]);
    const opened = await outcome(() =>
      mentionLoader(args(context, `/messages/${hidden}`, {}, { messageId: hidden as string })),
    );
    expect((opened as Response).status).toBe(404);
  });

  it("lets viewers read but not change, and does not mark read for them", async () => {
    const { context } = await signedInContext({ roles: ["viewer"], projectIds: [mine] });
    const opened = (await mentionLoader(args(context, `/messages/${shared}`, {}, { messageId: shared as string }))) as {
      mention: { isRead: boolean; projects: Array<{ id: string }> };
    };
    expect(opened.mention.projects.map((p) => p.id)).toEqual([mine]);
    const [row] = await handle.db
      .select()
      .from(messages)
      .where(eq(messages.id, shared as string));
    expect(row?.isRead).toBe(false);
    const denied = await outcome(() =>
      mentionAction(post(context, `/messages/${shared}`, { intent: "star" }, { messageId: shared as string })),
    );
    expect((denied as Response).status).toBe(403);
  });

  it("lets an analyst triage only what they see, also in bulk over all matching", async () => {
    const { context } = await signedInContext({ roles: ["analyst"], projectIds: [mine] });
    await mentionLoader(args(context, `/messages/${shared}`, {}, { messageId: shared as string }));
    const [read] = await handle.db
      .select()
      .from(messages)
      .where(eq(messages.id, shared as string));
    expect(read?.isRead).toBe(true);
    const refused = await outcome(() =>
      mentionAction(post(context, `/messages/${hidden}`, { intent: "star" }, { messageId: hidden as string })),
    );
    expect((refused as Response).status).toBe(404);
    await feedAction(post(context, "/messages?q=zarafshon", { intent: "archive", scope: "all" }));
    await feedAction(post(context, "/messages", { intent: "star", ids: [hidden as string] }));
    const [hiddenRow] = await handle.db
      .select()
      .from(messages)
      .where(eq(messages.id, hidden as string));
    expect(hiddenRow).toMatchObject({ isArchived: false, isStarred: false });
    const [sharedRow] = await handle.db
      .select()
      .from(messages)
      .where(eq(messages.id, shared as string));
    expect(sharedRow?.isArchived).toBe(true);
  });

  it("exports only what the user may see", async () => {
    const { context } = await signedInContext({ roles: ["viewer"], projectIds: [mine] });
    const response = (await exportLoader(args(context, "/messages/export?q=zarafshon&archived=archived"))) as Response;
    const csv = await response.text();
    expect(csv).toContain(shared);
    expect(csv).not.toContain(hidden);
    expect(csv).not.toContain("Foreign");
  });

  it("suggests the tags and lists the tasks of the reader's projects only", async () => {
    const source = await aSource(handle);
    await mentions(handle, { source, projectIds: [mine], items: [{ tags: ["ours"] }] });
    await mentions(handle, { source, projectIds: [foreign], items: [{ tags: ["their-secret"] }] });
    await aTask(handle, { title: "mine", projectId: mine, messageId: shared });
    await aTask(handle, { title: "foreign", projectId: foreign, messageId: shared });
    await aTask(handle, { title: "no project", messageId: shared });
    const { context } = await signedInContext({ roles: ["analyst"], projectIds: [mine] });
    const page = (await feed(context, {})) as unknown as { choices: { tags: string[] } };
    expect(page.choices.tags).toContain("ours");
    expect(page.choices.tags).not.toContain("their-secret");
    const opened = (await mentionLoader(args(context, `/messages/${shared}`, {}, { messageId: shared as string }))) as {
      tags: string[];
      mention: { tasks: Array<{ title: string }> };
    };
    expect(opened.tags).not.toContain("their-secret");
    expect(opened.mention.tasks.map((t) => t.title)).toEqual(["mine"]);
  });
});

describe("bulk", () => {
  it("changes the ticked mentions, or every mention matching the filters across pages", async () => {
    const project = (await aProject(handle)).id;
    const source = await aSource(handle);
    const stored = await mentions(handle, {
      source,
      projectIds: [project],
      items: Array.from({ length: 30 }, (_, i) => ({ text: i < 28 ? "qarz haqida" : "boshqa" })),
    });
    const ticked = stored.slice(0, 2).map((m) => m.id);
    // The same page asked again after a change shows the change (a kept page is dropped). One page holds all
    // 30: under load their times differ, and the oldest (ticked) would fall to page two of 25.
    const starred = async () => (await feed(admin, { project, size: "50" })).items.filter((m) => m.isStarred).length;
    expect(await starred()).toBe(0);
    const one = (await feedAction(
      post(admin, `/messages?project=${project}`, { intent: "star", ids: ticked }),
    )) as Response;
    expect(one.status).toBe(302);
    expect(titles(await feed(admin, { project, star: "starred" })).length).toBe(2);
    expect(await starred()).toBe(2);

    await feedAction(post(admin, `/messages?project=${project}&q=qarz`, { intent: "tag", tag: "debt", scope: "all" }));
    expect((await feed(admin, { project, tag: "debt" })).total.count).toBe(28);
    await feedAction(
      post(admin, `/messages?project=${project}&q=qarz`, { intent: "sentiment", sentiment: "negative", scope: "all" }),
    );
    expect((await feed(admin, { project, sentiment: "negative" })).total.count).toBe(28);

    const none = (await feedAction(post(admin, `/messages?project=${project}`, { intent: "star" }))) as Response;
    expect(none.headers.get("Location")).toBe(`/messages?project=${project}`);
    const badTag = (await feedAction(
      post(admin, `/messages?project=${project}`, { intent: "tag", tag: "", ids: ticked }),
    )) as Response;
    expect(badTag.status).toBe(302);
    expect((await feed(admin, { project, tag: "" })).total.count).toBe(30);
  });
});

describe("a mention", () => {
  it("keeps a person's sentiment when the pipeline sees the mention again, and lists its copies", async () => {
    const project = (await aProject(handle, { keywords: ["Samarqand"] })).id;
    const first = await aSource(handle);
    const second = await aSource(handle);
    const item = { externalId: "post-1", title: "Samarqand yangiliklari", text: "Samarqand ajoyib, zo'r shahar" };
    await ingest(testServices(), first.id, [item]);
    const [stored] = await handle.db.select().from(messages).where(eq(messages.sourceId, first.id));
    const id = stored?.id as string;

    await mentionAction(
      post(admin, `/messages/${id}`, { intent: "sentiment", sentiment: "negative" }, { messageId: id }),
    );
    await ingest(testServices(), first.id, [item]);
    await ingest(testServices(), second.id, [{ ...item, externalId: "copy-1" }]);
    const [after] = await handle.db.select().from(messages).where(eq(messages.id, id));
    expect(after).toMatchObject({ sentiment: "negative", sentimentSetBy: "user" });
    const copies = await handle.db.select().from(messageDuplicates).where(eq(messageDuplicates.messageId, id));
    expect(copies.map((c) => c.sourceId)).toEqual([second.id]);

    const opened = (await mentionLoader(args(admin, `/messages/${id}`, {}, { messageId: id }))) as {
      mention: { duplicates: unknown[]; projects: Array<{ id: string }>; isRead: boolean };
    };
    expect(opened.mention.duplicates).toHaveLength(1);
    expect(opened.mention.projects.map((p) => p.id)).toEqual([project]);
    expect(opened.mention.isRead).toBe(true);
  });

  it("adds and removes tags, and creates a task linked to it", async () => {
    const project = (await aProject(handle)).id;
    const source = await aSource(handle);
    const [m] = await mentions(handle, { source, projectIds: [project], items: [{ title: "tagged" }] });
    const id = m?.id as string;
    const act = (fields: Record<string, string>) =>
      mentionAction(post(admin, `/messages/${id}`, fields, { messageId: id }));
    await act({ intent: "tag", tag: "vip" });
    await act({ intent: "tag", tag: "vip" });
    await act({ intent: "tag", tag: "press" });
    await act({ intent: "untag", tag: "press" });
    const [row] = await handle.db.select().from(messages).where(eq(messages.id, id));
    expect(row?.tags).toEqual(["vip"]);

    const bad = (await act({ intent: "task", title: "  ", projectId: project })) as { data: { values: unknown } };
    expect(bad.data.values).toMatchObject({ title: "  " });
    await act({ intent: "task", title: "Reply to the press", projectId: project });
    const [task] = await handle.db.select().from(tasks).where(eq(tasks.messageId, id));
    expect(task).toMatchObject({ title: "Reply to the press", projectId: project });
    // Without a project chosen, the task is in the mention's project, where its author can open it.
    await act({ intent: "task", title: "Follow up" });
    const [followUp] = await handle.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.messageId, id), eq(tasks.title, "Follow up")));
    expect(followUp?.projectId).toBe(project);
  });
});

describe("CSV export", () => {
  it("streams the filtered mentions as UTF-8 with a BOM, Cyrillic intact", async () => {
    const project = (await aProject(handle)).id;
    const source = await aSource(handle, { name: "Газета" });
    await mentions(handle, {
      source,
      projectIds: [project],
      items: [
        { title: 'Тошкент, "янги" йўл', text: "Матн; бир, икки", sentiment: "positive" },
        { title: "left out", sentiment: "negative" },
      ],
    });
    const response = (await exportLoader(
      args(admin, `/messages/export?project=${project}&sentiment=positive`),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.trim().split("\n");
    expect(lines[0]).toBe(
      "id,published_at,source,source_type,author,title,text,url,language,sentiment,reach,tags,projects,read,starred,archived",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Газета,rss,,"Тошкент, ""янги"" йўл","Матн; бир, икки"');
  });

  it("neutralises text a spreadsheet would run as a formula (mentions come from outside)", async () => {
    const project = (await aProject(handle)).id;
    const source = await aSource(handle, { name: "@feed" });
    await mentions(handle, {
      source,
      projectIds: [project],
      items: [{ title: '=HYPERLINK("http://evil.example","open")', text: "-2+3 is fine, +1 too" }],
    });
    const response = (await exportLoader(args(admin, `/messages/export?project=${project}`))) as Response;
    const [row] = parse((await response.text()).replace(/^\uFEFF/, ""), { columns: true }) as Array<
      Record<string, string>
    >;
    expect(row).toMatchObject({
      source: "'@feed",
      title: `'=HYPERLINK("http://evil.example","open")`,
      text: "'-2+3 is fine, +1 too",
    });
  });
});

describe("the feed's total", () => {
  // Midday UTC: already tomorrow in Kiritimati (UTC+14), still early morning in Honolulu (UTC−10).
  const NOW = new Date("2026-03-15T12:00:00Z");
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const timeZone of ["Pacific/Kiritimati", "Pacific/Honolulu"]) {
    it(`is the number of rows its export holds and the counted total, for one project and all, in ${timeZone}`, async () => {
      vi.useFakeTimers({ toFake: ["Date"], now: NOW });
      const one = (await aProject(handle)).id;
      const two = (await aProject(handle)).id;
      const source = await aSource(handle);
      const days = presetDays("7", today(timeZone));
      const at = (day: string, hour: number, minute: number) =>
        new Date(zonedInstant(day, hour, timeZone).getTime() + minute * 60_000);
      // The first and the last hour of the period's first and last days, and the hours just outside it.
      const inside = [at(days.from, 0, 5), at(days.from, 23, 55), at(days.to, 0, 5), at(days.to, 23, 55)];
      const outside = [at(addDays(days.from, -1), 23, 55), at(addDays(days.to, 1), 0, 5)];
      await mentions(handle, {
        source,
        projectIds: [one],
        items: [...inside, ...outside].map((when) => ({ at: when })),
      });
      await mentions(handle, { source, projectIds: [one], items: [{ at: inside[1], isArchived: true }] });
      // A mention of both projects counts once in "all projects".
      await mentions(handle, { source, projectIds: [one, two], items: [{ at: inside[2] }] });
      await mentions(handle, { source, projectIds: [two], items: [{ at: inside[3] }] });
      const context = await readerIn(timeZone, { roles: ["viewer"], projectIds: [one, two] });

      const customRange = `from=${days.from}&to=${days.to}`;
      for (const [search, projects, expected] of [
        [`project=${one}&period=7`, [one], 5],
        [`period=7`, [one, two], 6],
        [`project=${one}&${customRange}`, [one], 5],
        [customRange, [one, two], 6],
      ] as const) {
        const page = (await feedLoader(args(context, `/messages?${search}`))) as unknown as Feed;
        const counted = await countMentions(handle.db, { scope: projects, ...rangeOf(days, timeZone) });
        expect({ search, total: page.total }).toEqual({ search, total: { count: expected, estimated: false } });
        expect((await exported(context, search)).ids).toHaveLength(expected);
        expect(counted.total).toBe(expected);
      }
      expect((await exported(context, "period=7")).fileName).toBe(
        `attachment; filename="mentions-${today(timeZone)}.csv"`,
      );

      // An admin's "all projects", with a mention that matches no project yet: the total is the export's rows.
      await mentions(handle, { source, items: [{ at: inside[0] }] });
      const everything = await readerIn(timeZone, { roles: ["admin"] });
      const all = await countMentions(handle.db, { scope: "all", ...rangeOf(days, timeZone) });
      const page = (await feedLoader(args(everything, "/messages?period=7"))) as unknown as Feed;
      const { ids } = await exported(everything, "period=7");
      expect(page.total).toEqual({ count: all.total, estimated: false });
      expect(ids).toHaveLength(all.total);
    });
  }
});
