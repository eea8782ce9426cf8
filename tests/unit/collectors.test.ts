// Collectors against a real HTTP server on loopback serving fixture files (tests/support/fixture-server.ts).
// The server is on 127.0.0.1, so the SSRF guard is off here (COLLECTOR_ALLOW_PRIVATE=1); tests/unit/ssrf.test.ts
// covers the guard itself.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { collectFeed } from "~/features/sources/collectors/feed.server";
import { decodeBody, fetchPage, USER_AGENT } from "~/features/sources/collectors/http.server";
import { collectorFor } from "~/features/sources/collectors/index.server";
import { collectTelegram, parseTelegramHandle, parseViews } from "~/features/sources/collectors/telegram.server";
import { CollectError, type CollectorSource } from "~/features/sources/collectors/types";
import { collectWebsite } from "~/features/sources/collectors/website.server";
import { ingest } from "~/features/sources/ingest.server";
import { type Env, parseEnv } from "~/lib/env.server";
import { aSource, mentions, openTestDatabase } from "../support/builders";
import {
  FIXTURE_LAST_MODIFIED,
  type FixtureServer,
  file,
  huge,
  redirect,
  slow,
  startFixtureServer,
  status,
} from "../support/fixture-server";
import { testServices } from "../support/services";
import { telegramPreview } from "../support/telegram-preview";

let server: FixtureServer;
/** The configuration the collectors are given (with the database, for websites). */
let env: Env;

function useEnv(overrides: Partial<Record<keyof Env, string>> = {}) {
  env = parseEnv({ ...process.env, COLLECTOR_ALLOW_PRIVATE: "1", ...overrides });
}

function aFeedSource(url: string, values: Partial<CollectorSource> = {}): CollectorSource {
  return {
    id: "source-1",
    type: "rss",
    url,
    language: null,
    etag: null,
    lastModified: null,
    collectorState: {},
    ...values,
  };
}

beforeAll(async () => {
  server = await startFixtureServer();
});
beforeEach(() => useEnv());
afterAll(async () => {
  await server.close();
});

const textOf = (html: string | null | undefined) => (html ?? "").replace(/<[^>]+>/g, "");

describe("feeds", () => {
  it("reads RSS 2.0: ids, links resolved against the feed, HTML content, author, dates", async () => {
    const before = Date.now();
    const result = await collectFeed({ env }, aFeedSource(server.url("/rss2.xml")));
    expect(result).toMatchObject({ httpStatus: 200, notModified: false });
    expect(result.items).toHaveLength(3);
    const [first, undated, future] = result.items;
    expect(first).toMatchObject({
      externalId: "news-1001",
      url: server.url("/news/2026/11/nurbank-samarkand?utm_source=rss"),
      title: "Nurbank opens a branch in Samarkand",
      author: "Aziza Karimova",
      tags: ["Banks"],
    });
    expect(first!.text).toContain("<b>new branch</b>");
    expect((first!.publishedAt as Date).toISOString()).toBe("2026-11-20T04:30:00.000Z");
    // Missing date → the time it was collected; a date in the future → now.
    expect((undated!.publishedAt as Date).getTime()).toBeGreaterThanOrEqual(before);
    expect((future!.publishedAt as Date).getTime()).toBeLessThanOrEqual(Date.now());
    expect(undated!.externalId).toBe("https://news.example/news/no-date");
    expect(future!.externalId).toBe("https://news.example/news/future");
  });

  it("reads RSS 1.0 (RDF)", async () => {
    const { items } = await collectFeed({ env }, aFeedSource(server.url("/rss1-rdf.xml")));
    expect(items.map((i) => [i.externalId, i.title, i.author])).toEqual([
      ["https://rdf.example/a/1", "Первая новость", "Иван Петров"],
      ["https://rdf.example/a/2", "Вторая новость", undefined],
    ]);
    expect((items[0]!.publishedAt as Date).toISOString()).toBe("2026-11-19T08:00:00.000Z");
  });

  it("reads Atom, resolving links against xml:base and falling back to the summary", async () => {
    const { items } = await collectFeed({ env }, aFeedSource(server.url("/atom.xml")));
    expect(items[0]).toMatchObject({
      externalId: "tag:blog.example,2026:post-7",
      url: "https://blog.example/posts/uzum-review.html",
      author: "Dilshod",
      tags: ["Retail"],
    });
    expect(textOf(items[0]!.title)).toBe("Uzum Market review");
    expect(textOf(items[0]!.text)).toBe("Delivery was fast.");
    expect((items[0]!.publishedAt as Date).toISOString()).toBe("2026-11-19T10:00:00.000Z");
    expect(items[1]).toMatchObject({
      url: "https://blog.example/posts/only-summary.html",
      text: "The summary stands in for the content.",
      author: "Blog Team",
    });
  });

  it("reads JSON Feed", async () => {
    const { items } = await collectFeed({ env }, aFeedSource(server.url("/feed.json")));
    expect(items[0]).toMatchObject({
      externalId: "j-1",
      url: "https://json.example/posts/1",
      title: "Payme launches a new feature",
      text: "<p>Users can now split bills.</p>",
      author: "Jasur",
      tags: ["fintech"],
    });
    expect(items[1]).toMatchObject({
      externalId: "j-2",
      url: server.url("/posts/2"),
      text: "A plain-text post without a title.",
      author: "Feed Author",
    });
    expect((items[1]!.publishedAt as Date).toISOString()).toBe("2026-11-19T07:00:00.000Z");
  });

  it("decodes windows-1251 named by the XML declaration", async () => {
    const { items } = await collectFeed({ env }, aFeedSource(server.url("/rss-windows-1251.xml")));
    expect(items[0]!.title).toBe("Нурбанк снизил ставки по кредитам");
    expect(items[0]!.text).toBe("Клиенты довольны: ставки стали ниже, очереди — короче. Ёлка, «кавычки» и №5.");
  });

  it("decodes KOI8-R named only by the Content-Type header", async () => {
    server.route("/koi8", file("rss-koi8-r.xml", { "content-type": "application/rss+xml; charset=KOI8-R" }));
    const { items } = await collectFeed({ env }, aFeedSource(server.url("/koi8")));
    expect(items[0]!.title).toBe("Жалобы на задержку доставки");
    expect(items[0]!.text).toBe("Покупатели ждут посылки уже неделю. Съешь же ещё этих мягких французских булок.");
  });

  it("tolerates broken markup and keeps every item it can read", async () => {
    const before = Date.now();
    const { items } = await collectFeed({ env }, aFeedSource(server.url("/broken.xml")));
    expect(items.map((i) => i.url)).toEqual(["https://broken.example/1", "https://broken.example/2"]);
    expect(textOf(items[0]!.title)).toContain("First item with a bare & ampersand");
    expect((items[0]!.publishedAt as Date).getTime()).toBeGreaterThanOrEqual(before);
  });

  it("fails clearly on something that is not a feed", async () => {
    server.route("/not-a-feed", status(200, "<html><body>Hello</body></html>"));
    await expect(collectFeed({ env }, aFeedSource(server.url("/not-a-feed")))).rejects.toThrow(/Not a feed/);
  });

  it("sends the validators it was given and reports a 304 as not modified", async () => {
    const first = await collectFeed({ env }, aFeedSource(server.url("/rss2.xml")));
    expect(first.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(first.lastModified).toBe(FIXTURE_LAST_MODIFIED);
    const again = await collectFeed({ env }, aFeedSource(server.url("/rss2.xml"), { etag: first.etag }));
    expect(again).toEqual({ httpStatus: 304, notModified: true, items: [], etag: first.etag, lastModified: null });
    const request = server.requests.at(-1)!;
    expect(request.headers["if-none-match"]).toBe(first.etag);
    expect(request.headers["user-agent"]).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^Kuzatuv\/\d+\.\d+\.\d+ /);
    const byDate = await collectFeed(
      { env },
      aFeedSource(server.url("/rss2.xml"), { lastModified: FIXTURE_LAST_MODIFIED }),
    );
    expect(byDate.notModified).toBe(true);
    expect(server.requests.at(-1)!.headers["if-modified-since"]).toBe(FIXTURE_LAST_MODIFIED);
  });
});

describe("the HTTP client", () => {
  it("follows up to 5 redirects, and resolves links against the final URL", async () => {
    server.route("/hop1", redirect("/hop2", 301));
    server.route("/hop2", redirect(server.url("/hop3"), 302));
    server.route("/hop3", redirect("/hop4", 307));
    server.route("/hop4", redirect("/hop5", 308));
    server.route("/hop5", redirect("/moved/feed.json", 303));
    server.route("/moved/feed.json", file("feed.json"));
    const { items, httpStatus } = await collectFeed({ env }, aFeedSource(server.url("/hop1")));
    expect(httpStatus).toBe(200);
    expect(items[1]!.url).toBe(server.url("/posts/2"));
  });

  it("refuses a sixth redirect", async () => {
    server.route("/loop", redirect("/loop"));
    const seen = server.requests.length;
    await expect(fetchPage({ env }, server.url("/loop"))).rejects.toThrow("More than 5 redirects");
    expect(server.requests.length - seen).toBe(6);
  });

  it("follows only http(s) redirects", async () => {
    server.route("/to-file", redirect("file:///etc/passwd"));
    await expect(fetchPage({ env }, server.url("/to-file"))).rejects.toThrow(/Only http and https/);
  });

  it("reports HTTP errors with their status", async () => {
    server.route("/gone", status(410, "gone"));
    const error = await fetchPage({ env }, server.url("/gone")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CollectError);
    expect(error).toMatchObject({ message: "HTTP 410", httpStatus: 410 });
  });

  it("gives up on a server that does not answer in time", async () => {
    useEnv({ COLLECTOR_TIMEOUT_MS: "300" });
    server.route("/slow", slow(5_000));
    const started = Date.now();
    await expect(fetchPage({ env }, server.url("/slow"))).rejects.toThrow(/Timed out/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("stops reading a body over 10 MB", async () => {
    server.route("/huge", huge(12 * 1024 * 1024));
    await expect(fetchPage({ env }, server.url("/huge"))).rejects.toThrow("Response larger than 10 MB");
  });

  it("reads a body just under 10 MB", async () => {
    server.route("/big", huge(9 * 1024 * 1024));
    const page = await fetchPage({ env }, server.url("/big"));
    expect(page.body.length).toBeGreaterThan(9_000_000);
  });

  it("sends one request at a time to a host", async () => {
    let open = 0;
    let most = 0;
    server.route("/one-at-a-time", (_req, res) => {
      most = Math.max(most, ++open);
      setTimeout(() => {
        open--;
        res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      }, 50);
    });
    await Promise.all([1, 2, 3].map(() => fetchPage({ env }, server.url("/one-at-a-time"))));
    expect(most).toBe(1);
  });
});

describe("Telegram channels", () => {
  const channel = (values: Partial<CollectorSource> = {}) =>
    aFeedSource("@KuzatuvNews", { type: "telegram", ...values });

  beforeEach(() => {
    useEnv({ TELEGRAM_PREVIEW_BASE: `${server.origin}/` });
    server.route("/s/kuzatuvnews", telegramPreview);
  });

  it("reads the first time back through older pages: text, date, views as reach, post link, author", async () => {
    const seen = server.requests.length;
    const result = await collectTelegram({ env }, channel());
    expect(server.requests.slice(seen).map((r) => r.path)).toEqual([
      "/s/kuzatuvnews",
      "/s/kuzatuvnews?before=42",
      "/s/kuzatuvnews?before=40",
    ]);
    // Newest first; the photo without a caption (43) and the service message are left out.
    expect(result.items.map((i) => i.externalId)).toEqual([
      "kuzatuvnews/45",
      "kuzatuvnews/44",
      "kuzatuvnews/42",
      "kuzatuvnews/41",
      "kuzatuvnews/40",
    ]);
    expect(result.collectorState).toEqual({ lastPostId: 45 });
    const [forwarded, reply, , , first] = result.items;
    expect(reply).toMatchObject({
      url: "https://t.me/kuzatuvnews/44",
      text: "Клиенты жалуются: приложение Нурбанка не работает второй день.",
      author: "Aziza Karimova",
      publishedAt: "2026-11-20T11:30:00+00:00",
      reach: 856,
    });
    expect(forwarded).toMatchObject({ text: "Payme bilan toʻlov endi tezroq.", author: "Kuzatuv News", reach: 12_000 });
    const withLink = result.items[2]!;
    expect(withLink.reach).toBe(1_200);
    expect(textOf(withLink.text)).toBe("Nurbank ilovasi yangilandi 🚀Batafsil: nurbank.example/news");
    expect(withLink.text).toContain("<br");
    expect(first).toMatchObject({ text: "Hamkorbank yangi kartani taqdim etdi.", reach: 2_500 });
  });

  it("later reads only the posts after the newest one it has seen", async () => {
    const seen = server.requests.length;
    const result = await collectTelegram({ env }, channel({ collectorState: { lastPostId: 43 } }));
    expect(result.items.map((i) => i.externalId)).toEqual(["kuzatuvnews/45", "kuzatuvnews/44"]);
    expect(result.collectorState).toEqual({ lastPostId: 45 });
    expect(server.requests.length - seen).toBe(1);
  });

  it("reads back at most 100 posts", async () => {
    server.route("/s/busy_channel", (_req, res, url) => {
      const top = Number(url.searchParams.get("before") ?? 1001) - 1;
      const posts = Array.from({ length: 20 }, (_, i) => top - 19 + i)
        .map(
          (n) => `<div class="tgme_widget_message js-widget_message" data-post="busy_channel/${n}">
            <div class="tgme_widget_message_text js-message_text">Post ${n}</div>
            <span class="tgme_widget_message_views">${n}</span>
            <a class="tgme_widget_message_date" href="https://t.me/busy_channel/${n}"><time datetime="2026-11-20T09:00:00+00:00"></time></a></div>`,
        )
        .join("");
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<section>${posts}</section>`);
    });
    const seen = server.requests.length;
    const { items, collectorState } = await collectTelegram({ env }, channel({ url: "https://t.me/s/busy_channel" }));
    expect(items).toHaveLength(100);
    expect(items[0]).toMatchObject({ externalId: "busy_channel/1000", reach: 1000 });
    expect(items.at(-1)!.externalId).toBe("busy_channel/901");
    expect(collectorState).toEqual({ lastPostId: 1000 });
    expect(server.requests.length - seen).toBe(5);
  });

  it("says so when the handle is not a public channel", async () => {
    server.route("/s/nosuchchannel", redirect("/nosuchchannel"));
    server.route("/nosuchchannel", file("telegram/not-a-channel.html"));
    await expect(collectTelegram({ env }, channel({ url: "nosuchchannel" }))).rejects.toThrow(
      "@nosuchchannel is not a public Telegram channel",
    );
  });

  it.each([
    ["kuzatuvnews", "kuzatuvnews"],
    ["@KuzatuvNews", "kuzatuvnews"],
    ["  @kun_uz  ", "kun_uz"],
    ["t.me/kuzatuvnews", "kuzatuvnews"],
    ["https://t.me/s/kuzatuvnews", "kuzatuvnews"],
    ["https://t.me/kuzatuvnews/123", "kuzatuvnews"],
    ["http://telegram.me/s/kuzatuvnews?before=10", "kuzatuvnews"],
    ["a".repeat(32), "a".repeat(32)],
  ])("reads the handle in %j", (input, handle) => {
    expect(parseTelegramHandle(input)).toBe(handle);
  });

  it.each([
    "",
    "@",
    "abc",
    "1channel",
    "_channel",
    "channel_",
    "chan__nel",
    "chan-nel",
    "кузатув",
    "a".repeat(33),
    "https://t.me/+AbCdEfGhIjK",
    "https://t.me/joinchat/AbCdEf",
    "https://example.com/kuzatuvnews",
  ])("refuses %j as a handle", (input) => {
    expect(parseTelegramHandle(input)).toBeNull();
  });

  it.each([
    ["856", 856],
    ["1.2K", 1_200],
    ["3,4M", 3_400_000],
    ["12K", 12_000],
    ["1.5B", 1_500_000_000],
    ["", 0],
    ["views", 0],
  ])("counts %j views as %d", (shown, views) => {
    expect(parseViews(shown)).toBe(views);
  });
});

describe("websites", () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  const services = () => ({ ...testServices(), env });
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  const aWebsite = async (path: string) => {
    const source = await aSource(handle, { type: "website" });
    return aFeedSource(server.url(path), { id: source.id, type: "website" });
  };
  const pathsSince = (seen: number) => server.requests.slice(seen).map((r) => r.path);

  it("reads new articles from a sitemap: JSON-LD, then OpenGraph and <meta>, then the page itself", async () => {
    const source = await aWebsite("/sitemap.xml");
    await mentions(handle, { source, items: [{ externalId: server.url("/articles/stored.html") }] });
    const seen = server.requests.length;
    const result = await collectWebsite(services(), source);
    expect(result).toMatchObject({ httpStatus: 200, notModified: false, etag: expect.any(String) });
    // Newest first; the stored article is not fetched again, and the missing one (404) is skipped.
    expect(pathsSince(seen)).toEqual([
      "/sitemap.xml",
      "/articles/jsonld.html?utm_source=sitemap",
      "/articles/og.html",
      "/articles/plain.html",
      "/articles/missing.html",
    ]);
    const [jsonLd, openGraph, plain] = result.items;
    expect(result.items).toHaveLength(3);
    expect(jsonLd).toEqual({
      externalId: server.url("/articles/jsonld.html"),
      url: server.url("/articles/jsonld.html?utm_source=sitemap"),
      title: "Нурбанк снизил комиссии за переводы",
      text: "С понедельника переводы между картами стали бесплатными. Клиенты довольны.",
      author: "Ирина Ким",
      publishedAt: new Date("2026-11-20T04:00:00Z"),
    });
    expect(openGraph).toMatchObject({
      title: "Uzum Market customers report delivery delays",
      author: "Dilshod Rahimov",
      publishedAt: new Date("2026-11-19T14:00:00Z"),
    });
    expect(textOf(openGraph!.text)).toContain("new sorting centre that opened on Monday");
    expect(textOf(openGraph!.text)).not.toContain("Business");
    expect(plain).toMatchObject({
      title: "Hamkorbank yangi ilovani taqdim etdi",
      author: "Dilnoza Yusupova",
      publishedAt: new Date("2026-11-18T04:00:00Z"),
    });
    expect(textOf(plain!.text)).toContain("yangi mobil ilovani taqdim etdi");
    expect(textOf(plain!.text)).not.toContain("Bosh sahifa");
  });

  it("does not fetch again what the pipeline stored, and sends the sitemap's validators", async () => {
    const source = await aWebsite("/sitemap.xml");
    const first = await collectWebsite(services(), source);
    const counts = await ingest(services(), source.id, first.items);
    expect(counts.new).toBe(4);
    const seen = server.requests.length;
    const again = await collectWebsite(services(), source);
    expect(again.items).toEqual([]);
    expect(pathsSince(seen)).toEqual(["/sitemap.xml", "/articles/missing.html"]);
    const unchanged = await collectWebsite(services(), { ...source, etag: first.etag });
    expect(unchanged).toMatchObject({ httpStatus: 304, notModified: true, items: [] });
  });

  it("follows a sitemap index to its three newest sitemaps, news sitemaps included", async () => {
    const source = await aWebsite("/sitemap-index.xml");
    const seen = server.requests.length;
    const { items } = await collectWebsite(services(), source);
    const paths = pathsSince(seen);
    expect(paths.slice(0, 4)).toEqual([
      "/sitemap-index.xml",
      "/news-sitemap.xml",
      "/sitemap.xml",
      "/sitemap-2026-10.xml",
    ]);
    expect(paths).not.toContain("/sitemap-2025-01.xml");
    expect(paths.filter((p) => p === "/articles/og.html")).toHaveLength(1);
    // A page without a title or date of its own takes them from the news sitemap.
    expect(items[0]).toMatchObject({
      url: server.url("/articles/bare.html"),
      title: "Paynet: yangi filial ochildi",
      publishedAt: new Date("2026-11-21T03:30:00Z"),
    });
    expect(textOf(items[0]!.text)).toContain("Paynet Samarqandda yangi filial ochdi.");
    expect(items).toHaveLength(5);
  });

  it("fetches at most 50 new pages at a time, and then does not let the sitemap answer 304", async () => {
    const urls = Array.from({ length: 60 }, (_, i) => `/generated/${i}`);
    for (const [i, path] of urls.entries()) {
      server.route(
        path,
        status(200, `<html><head><title>Generated ${i}</title></head><body><p>Story ${i}.</p></body></html>`),
      );
    }
    server.route("/generated-sitemap.xml", (_req, res) => {
      const locs = urls.map((path) => `<url><loc>${server.url(path)}</loc></url>`).join("");
      res.writeHead(200, { "content-type": "application/xml", etag: '"v1"' });
      res.end(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`);
    });
    const source = await aWebsite("/generated-sitemap.xml");
    const first = await collectWebsite(services(), source);
    expect(first.items).toHaveLength(50);
    expect(first.etag).toBeNull();
    await ingest(services(), source.id, first.items);
    const second = await collectWebsite(services(), source);
    expect(second.items.map((i) => i.title)).toEqual(urls.slice(50).map((_, i) => `Generated ${50 + i}`));
    expect(second.etag).toBe('"v1"');
  });

  it("fails when no page can be read, or the URL is not a sitemap; pages that are gone are only skipped", async () => {
    server.route("/forbidden-1", status(403));
    server.route("/forbidden-2", status(403));
    server.route("/blocked-sitemap.xml", (_req, res) => {
      const locs = ["/forbidden-1", "/forbidden-2", "/gone"].map((p) => `<url><loc>${server.url(p)}</loc></url>`);
      res.writeHead(200, { "content-type": "application/xml" }).end(`<urlset>${locs.join("")}</urlset>`);
    });
    await expect(collectWebsite(services(), await aWebsite("/blocked-sitemap.xml"))).rejects.toMatchObject({
      message: "Nothing could be read: HTTP 403",
      httpStatus: 403,
    });
    server.route("/dead-sitemap.xml", (_req, res) => {
      res
        .writeHead(200, { "content-type": "application/xml" })
        .end(`<urlset><url><loc>${server.url("/gone")}</loc></url></urlset>`);
    });
    expect((await collectWebsite(services(), await aWebsite("/dead-sitemap.xml"))).items).toEqual([]);
    await expect(collectWebsite(services(), await aWebsite("/rss2.xml"))).rejects.toThrow(/Not a sitemap/);
  });
});

describe("collectorFor", () => {
  it("reads feeds, Telegram channels and websites with their collectors", () => {
    expect(collectorFor("rss")).toBe(collectFeed);
    expect(collectorFor("atom")).toBe(collectFeed);
    expect(collectorFor("telegram")).toBe(collectTelegram);
    expect(collectorFor("website")).toBe(collectWebsite);
  });
});

describe("decoding bodies", () => {
  const word = Uint8Array.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]); // "Привет" in windows-1251

  it("takes the charset from the header, then the declaration or <meta>, else UTF-8", () => {
    expect(decodeBody(word, "text/html; charset=windows-1251")).toBe("Привет");
    const meta = Buffer.concat([Buffer.from('<html><head><meta charset="windows-1251"></head><p>'), word]);
    expect(decodeBody(meta, "text/html")).toContain("<p>Привет");
    const httpEquiv = Buffer.concat([
      Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=windows-1251"><p>'),
      word,
    ]);
    expect(decodeBody(httpEquiv, null)).toContain("Привет");
    expect(decodeBody(Buffer.from("Salom, dunyo — oʻzbekcha"), null)).toBe("Salom, dunyo — oʻzbekcha");
  });

  it("trusts a byte-order mark over a wrong header, and survives an unknown charset", () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("Привет")]);
    expect(decodeBody(bom, "text/xml; charset=iso-8859-1")).toBe("Привет");
    expect(decodeBody(Buffer.from("Привет"), "text/xml; charset=no-such-charset")).toBe("Привет");
  });
});
