// Collectors against a real HTTP server on loopback serving fixture files (tests/support/fixture-server.ts).
// The server is on 127.0.0.1, so the SSRF guard is off here (COLLECTOR_ALLOW_PRIVATE=1); tests/unit/ssrf.test.ts
// covers the guard itself.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { collectFeed } from "~/features/sources/collectors/feed.server";
import { decodeBody, fetchPage, USER_AGENT } from "~/features/sources/collectors/http.server";
import { CollectError, type CollectorSource } from "~/features/sources/collectors/types";
import { type Env, parseEnv, setEnv } from "~/lib/env.server";
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

let server: FixtureServer;

function useEnv(overrides: Partial<Record<keyof Env, string>> = {}) {
  setEnv(parseEnv({ ...process.env, COLLECTOR_ALLOW_PRIVATE: "1", ...overrides }));
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
  setEnv(parseEnv());
});

const textOf = (html: string | null | undefined) => (html ?? "").replace(/<[^>]+>/g, "");

describe("feeds", () => {
  it("reads RSS 2.0: ids, links resolved against the feed, HTML content, author, dates", async () => {
    const before = Date.now();
    const result = await collectFeed(aFeedSource(server.url("/rss2.xml")));
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
    const { items } = await collectFeed(aFeedSource(server.url("/rss1-rdf.xml")));
    expect(items.map((i) => [i.externalId, i.title, i.author])).toEqual([
      ["https://rdf.example/a/1", "Первая новость", "Иван Петров"],
      ["https://rdf.example/a/2", "Вторая новость", undefined],
    ]);
    expect((items[0]!.publishedAt as Date).toISOString()).toBe("2026-11-19T08:00:00.000Z");
  });

  it("reads Atom, resolving links against xml:base and falling back to the summary", async () => {
    const { items } = await collectFeed(aFeedSource(server.url("/atom.xml")));
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
    const { items } = await collectFeed(aFeedSource(server.url("/feed.json")));
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
    const { items } = await collectFeed(aFeedSource(server.url("/rss-windows-1251.xml")));
    expect(items[0]!.title).toBe("Нурбанк снизил ставки по кредитам");
    expect(items[0]!.text).toBe("Клиенты довольны: ставки стали ниже, очереди — короче. Ёлка, «кавычки» и №5.");
  });

  it("decodes KOI8-R named only by the Content-Type header", async () => {
    server.route("/koi8", file("rss-koi8-r.xml", { "content-type": "application/rss+xml; charset=KOI8-R" }));
    const { items } = await collectFeed(aFeedSource(server.url("/koi8")));
    expect(items[0]!.title).toBe("Жалобы на задержку доставки");
    expect(items[0]!.text).toBe("Покупатели ждут посылки уже неделю. Съешь же ещё этих мягких французских булок.");
  });

  it("tolerates broken markup and keeps every item it can read", async () => {
    const before = Date.now();
    const { items } = await collectFeed(aFeedSource(server.url("/broken.xml")));
    expect(items.map((i) => i.url)).toEqual(["https://broken.example/1", "https://broken.example/2"]);
    expect(textOf(items[0]!.title)).toContain("First item with a bare & ampersand");
    expect((items[0]!.publishedAt as Date).getTime()).toBeGreaterThanOrEqual(before);
  });

  it("fails clearly on something that is not a feed", async () => {
    server.route("/not-a-feed", status(200, "<html><body>Hello</body></html>"));
    await expect(collectFeed(aFeedSource(server.url("/not-a-feed")))).rejects.toThrow(/Not a feed/);
  });

  it("sends the validators it was given and reports a 304 as not modified", async () => {
    const first = await collectFeed(aFeedSource(server.url("/rss2.xml")));
    expect(first.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(first.lastModified).toBe(FIXTURE_LAST_MODIFIED);
    const again = await collectFeed(aFeedSource(server.url("/rss2.xml"), { etag: first.etag }));
    expect(again).toEqual({ httpStatus: 304, notModified: true, items: [], etag: first.etag, lastModified: null });
    const request = server.requests.at(-1)!;
    expect(request.headers["if-none-match"]).toBe(first.etag);
    expect(request.headers["user-agent"]).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^Kuzatuv\/\d+\.\d+\.\d+ /);
    const byDate = await collectFeed(aFeedSource(server.url("/rss2.xml"), { lastModified: FIXTURE_LAST_MODIFIED }));
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
    const { items, httpStatus } = await collectFeed(aFeedSource(server.url("/hop1")));
    expect(httpStatus).toBe(200);
    expect(items[1]!.url).toBe(server.url("/posts/2"));
  });

  it("refuses a sixth redirect", async () => {
    server.route("/loop", redirect("/loop"));
    const seen = server.requests.length;
    await expect(fetchPage(server.url("/loop"))).rejects.toThrow("More than 5 redirects");
    expect(server.requests.length - seen).toBe(6);
  });

  it("follows only http(s) redirects", async () => {
    server.route("/to-file", redirect("file:///etc/passwd"));
    await expect(fetchPage(server.url("/to-file"))).rejects.toThrow(/Only http and https/);
  });

  it("reports HTTP errors with their status", async () => {
    server.route("/gone", status(410, "gone"));
    const error = await fetchPage(server.url("/gone")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CollectError);
    expect(error).toMatchObject({ message: "HTTP 410", httpStatus: 410 });
  });

  it("gives up on a server that does not answer in time", async () => {
    useEnv({ COLLECTOR_TIMEOUT_MS: "300" });
    server.route("/slow", slow(5_000));
    const started = Date.now();
    await expect(fetchPage(server.url("/slow"))).rejects.toThrow(/Timed out/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("stops reading a body over 10 MB", async () => {
    server.route("/huge", huge(12 * 1024 * 1024));
    await expect(fetchPage(server.url("/huge"))).rejects.toThrow("Response larger than 10 MB");
  });

  it("reads a body just under 10 MB", async () => {
    server.route("/big", huge(9 * 1024 * 1024));
    const page = await fetchPage(server.url("/big"));
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
    await Promise.all([1, 2, 3].map(() => fetchPage(server.url("/one-at-a-time"))));
    expect(most).toBe(1);
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
