/**
 * Websites, through their sitemap or news sitemap (a sitemap index is followed one level down, newest child
 * sitemaps first). Article pages not yet stored for the source are fetched, at most 50 per fetch, and read
 * from their JSON-LD (NewsArticle, Article …), else OpenGraph and <meta> tags, else Readability's reading of
 * the page.
 */
import { Readability } from "@mozilla/readability";
import { and, eq, inArray, or } from "drizzle-orm";
import { DOMParser, parseHTML } from "linkedom";
import type { Services } from "~/core/context.server";
import { messages } from "~/db/schema";
import type { IncomingItem } from "~/features/sources/ingest.server";
import { canonicalUrl } from "~/features/sources/normalize";
import { collectedDate } from "./feed.server.ts";
import { fetchIfChanged, fetchPage } from "./http.server.ts";
import { CollectError, type Collector } from "./types.ts";

export const MAX_ARTICLES_PER_FETCH = 50;
const MAX_CHILD_SITEMAPS = 3;
// The newest entries considered for "not yet stored": enough for any news site's day.
const MAX_CANDIDATES = 1_000;
const SITEMAP_ACCEPT = "application/xml, text/xml;q=0.9, */*;q=0.5";

interface SitemapEntry {
  url: string;
  /** Canonical URL: the article's external id, and what "already stored" compares. */
  key: string;
  lastmod?: string;
  /** From a news sitemap. */
  title?: string;
  published?: string;
}

export const collectWebsite: Collector = async (services, source, { signal } = {}) => {
  const { page: sitemap, result } = await fetchIfChanged(services, source, { accept: SITEMAP_ACCEPT, signal });
  if (sitemap.notModified) return result;
  const { entries, sitemaps } = readSitemap(sitemap.body, sitemap.url);
  // One broken child sitemap or article page does not lose the others; when all of them fail, the fetch does.
  // A page that is gone (404, 410) is a dead link in the sitemap, not a failure of the source.
  const failures: CollectError[] = [];
  const tolerate = async (task: () => Promise<void>) => {
    try {
      await task();
    } catch (error) {
      if (signal?.aborted || !(error instanceof CollectError)) throw error;
      if (error.httpStatus !== 404 && error.httpStatus !== 410) failures.push(error);
    }
  };
  const allFailed = () => new CollectError(`Nothing could be read: ${failures[0]!.message}`, failures[0]!.httpStatus);
  const children = newestFirst(sitemaps).slice(0, MAX_CHILD_SITEMAPS);
  for (const child of children) {
    await tolerate(async () => {
      const page = await fetchPage(services, child.url, { accept: SITEMAP_ACCEPT, signal });
      entries.push(...readSitemap(page.body, page.url).entries);
    });
  }
  if (failures.length && failures.length === children.length) throw allFailed();
  const candidates = newestFirst(entries).slice(0, MAX_CANDIDATES);
  const stored = await storedKeys(
    services,
    source.id,
    candidates.map((entry) => entry.key),
  );
  const fresh: SitemapEntry[] = [];
  for (const entry of candidates) {
    // Listed twice (in two child sitemaps): read once.
    if (!stored.has(entry.key)) fresh.push(entry);
    stored.add(entry.key);
  }
  const batch = fresh.slice(0, MAX_ARTICLES_PER_FETCH);
  const items: IncomingItem[] = [];
  failures.length = 0;
  for (const entry of batch) {
    await tolerate(async () => {
      const page = await fetchPage(services, entry.url, {
        accept: "text/html, application/xhtml+xml;q=0.9",
        signal,
      });
      items.push(articleItem(entry, readArticle(page.body)));
    });
  }
  if (failures.length && !items.length) throw allFailed();
  // With more new articles than one fetch takes, the next fetch must not be answered "not modified".
  const backlog = fresh.length > MAX_ARTICLES_PER_FETCH;
  return { ...result, ...(backlog && { etag: null, lastModified: null }), items };
};

function articleItem(entry: SitemapEntry, article: Article): IncomingItem {
  return {
    externalId: entry.key,
    url: entry.url,
    title: article.title ?? entry.title,
    text: article.text,
    author: article.author,
    publishedAt: collectedDate(article.publishedAt ?? entry.published ?? entry.lastmod, new Date()),
  };
}

/** The keys of `keys` this source has stored already (as external id or canonical URL): one query. */
async function storedKeys({ db }: Pick<Services, "db">, sourceId: string, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .select({ externalId: messages.externalId, normalizedUrl: messages.normalizedUrl })
    .from(messages)
    .where(
      and(
        eq(messages.sourceId, sourceId),
        or(inArray(messages.externalId, keys), inArray(messages.normalizedUrl, keys)),
      ),
    );
  return new Set(rows.flatMap((row) => [row.externalId, row.normalizedUrl ?? ""]));
}

const dated = (entry: { lastmod?: string; published?: string }) =>
  Date.parse(entry.published ?? entry.lastmod ?? "") || 0;

/** Newest first; undated entries after the dated ones, in document order. */
function newestFirst<T extends { lastmod?: string; published?: string }>(entries: T[]): T[] {
  return [...entries].sort((a, b) => dated(b) - dated(a));
}

interface Sitemap {
  entries: SitemapEntry[];
  /** The child sitemaps of a sitemap index. */
  sitemaps: Array<{ url: string; lastmod?: string }>;
}

/** A <urlset> (plain or news sitemap) or a <sitemapindex>; anything else is not a sitemap. */
export function readSitemap(xml: string, sitemapUrl: string): Sitemap {
  const root = new DOMParser().parseFromString(xml, "text/xml").documentElement;
  const name = root?.localName?.replace(/^.*:/, "").toLowerCase();
  if (name !== "urlset" && name !== "sitemapindex") {
    throw new CollectError("Not a sitemap (expected <urlset> or <sitemapindex>)");
  }
  const sitemap: Sitemap = { entries: [], sitemaps: [] };
  for (const node of root!.children) {
    const url = absolute(childText(node, "loc"), sitemapUrl);
    const key = canonicalUrl(url);
    if (!url || !key) continue;
    const lastmod = childText(node, "lastmod");
    if (name === "sitemapindex") sitemap.sitemaps.push({ url, lastmod });
    else {
      const title = childText(node, "title");
      sitemap.entries.push({ url, key, lastmod, title, published: childText(node, "publication_date") });
    }
  }
  return sitemap;
}

/** The text of the first descendant named `name`, with or without a namespace prefix. */
function childText(parent: Element, name: string): string | undefined {
  for (const child of parent.children) {
    const tag = child.tagName.toLowerCase();
    if (tag === name || tag.endsWith(`:${name}`)) return child.textContent?.trim() || undefined;
    const deeper = childText(child, name);
    if (deeper) return deeper;
  }
  return undefined;
}

function absolute(link: string | undefined, base: string): string | undefined {
  try {
    return link ? new URL(link, base).href : undefined;
  } catch {
    return undefined;
  }
}

export interface Article {
  title?: string;
  /** HTML or plain text; the pipeline makes it text. */
  text?: string;
  author?: string;
  publishedAt?: string;
}

/** Title, text, author and date of an article page: JSON-LD first, then OpenGraph and <meta>, then Readability. */
export function readArticle(html: string): Article {
  const { document } = parseHTML(html);
  const ld = jsonLdArticle(document);
  const meta = (selector: string) => document.querySelector(selector)?.getAttribute("content")?.trim() || undefined;
  const metaAuthor = meta('meta[name="author"]') ?? meta('meta[property="article:author"]');
  const article: Article = {
    title: ld.title ?? meta('meta[property="og:title"]') ?? meta('meta[name="twitter:title"]'),
    text: ld.text,
    author: ld.author ?? (metaAuthor && !/^https?:/.test(metaAuthor) ? metaAuthor : undefined),
    publishedAt:
      ld.publishedAt ??
      meta('meta[property="article:published_time"]') ??
      meta('meta[itemprop="datePublished"]') ??
      document.querySelector("article time[datetime], time[datetime]")?.getAttribute("datetime") ??
      undefined,
  };
  if (!article.text || !article.title) {
    const description = meta('meta[property="og:description"]') ?? meta('meta[name="description"]');
    // Readability rewrites the document, so it reads last.
    const readable = new Readability(document as unknown as Document).parse();
    article.text ??= readable?.content || description;
    article.title ??= readable?.title || document.title || undefined;
    article.author ??= readable?.byline || undefined;
    article.publishedAt ??= readable?.publishedTime || undefined;
  }
  return article;
}

type JsonLdNode = Record<string, unknown>;

/** The first Article-like node (NewsArticle, BlogPosting, …) of the page's JSON-LD, through arrays and @graph. */
function jsonLdArticle(document: { querySelectorAll(selector: string): Iterable<Element> }): Article {
  const nodes: JsonLdNode[] = [];
  const collect = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") {
      nodes.push(value as JsonLdNode);
      collect((value as JsonLdNode)["@graph"]);
    }
  };
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      collect(JSON.parse(script.textContent ?? ""));
    } catch {
      // Broken JSON-LD is common; the other sources of metadata remain.
    }
  }
  const node = nodes.find((n) =>
    [n["@type"]].flat().some((t) => typeof t === "string" && /(Article|Posting)$/.test(t)),
  );
  if (!node) return {};
  return {
    title: text(node.headline) ?? text(node.name),
    text: text(node.articleBody),
    author: personName(node.author),
    publishedAt: text(node.datePublished) ?? text(node.dateCreated),
  };
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

function personName(value: unknown): string | undefined {
  const first = [value].flat()[0];
  return text(first) ?? (first && typeof first === "object" ? text((first as JsonLdNode).name) : undefined);
}
