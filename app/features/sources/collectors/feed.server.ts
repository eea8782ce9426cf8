/** Feeds: RSS 2.0, RSS 1.0 (RDF), Atom and JSON Feed, read with feedsmith and mapped to the pipeline's items. */
import { type AnyFeed, parseFeed } from "feedsmith";
import type { IncomingItem } from "~/features/sources/ingest.server";
import { fetchIfChanged } from "./http.server.ts";
import { CollectError, type Collector } from "./types.ts";

const ACCEPT =
  "application/rss+xml, application/atom+xml, application/feed+json, application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5";

export const collectFeed: Collector<"env"> = async (services, source, { signal } = {}) => {
  const { page, result } = await fetchIfChanged(services, source, { accept: ACCEPT, signal });
  return page.notModified ? result : { ...result, items: readFeed(page.body, page.url, new Date()) };
};

/** The items of a feed document; `feedUrl` (where it was fetched) resolves relative links. */
export function readFeed(body: string, feedUrl: string, collectedAt: Date): IncomingItem[] {
  let feed: AnyFeed;
  try {
    feed = parseFeed(body);
  } catch (error) {
    throw new CollectError(`Not a feed (RSS, Atom, RDF or JSON Feed): ${(error as Error).message}`);
  }
  return toItems(feed, feedUrl, collectedAt);
}

interface Entry {
  id?: string;
  link?: string;
  /** xml:base of the entry, else of the feed. */
  base?: string;
  title?: string;
  html?: string;
  author?: string;
  date?: string;
  tags?: Array<string | undefined>;
}

/** The one place where each format's fields become an IncomingItem. */
function toItems(parsed: AnyFeed, feedUrl: string, collectedAt: Date): IncomingItem[] {
  let entries: Entry[];
  switch (parsed.format) {
    case "rss": {
      const { feed } = parsed;
      entries = (feed.items ?? []).map((item) => ({
        id: item.guid?.value,
        link: item.link ?? (item.guid?.isPermaLink !== false ? item.guid?.value : undefined),
        base: item.xml?.base ?? feed.xml?.base,
        title: item.title,
        html: item.content?.encoded ?? item.description,
        author: item.authors?.[0]?.name ?? item.authors?.[0]?.email ?? item.dc?.creators?.[0],
        date: item.pubDate ?? item.dc?.dates?.[0],
        tags: item.categories?.map((c) => c.name),
      }));
      break;
    }
    case "rdf": {
      const { feed } = parsed;
      entries = (feed.items ?? []).map((item) => ({
        id: item.rdf?.about,
        link: item.link,
        base: item.xml?.base ?? feed.xml?.base,
        title: item.title,
        html: item.content?.encoded ?? item.description,
        author: item.dc?.creators?.[0],
        date: item.dc?.dates?.[0],
        tags: item.dc?.subjects,
      }));
      break;
    }
    case "atom": {
      const { feed } = parsed;
      entries = (feed.entries ?? []).map((entry) => ({
        id: entry.id,
        link: (entry.links?.find((l) => !l.rel || l.rel === "alternate") ?? entry.links?.[0])?.href,
        base: entry.xml?.base ?? feed.xml?.base,
        title: entry.title?.value,
        html: entry.content?.value ?? entry.summary?.value,
        author: entry.authors?.[0]?.name ?? feed.authors?.[0]?.name,
        date: entry.published ?? entry.updated,
        tags: entry.categories?.map((c) => c.label ?? c.term),
      }));
      break;
    }
    case "json": {
      const { feed } = parsed;
      entries = (feed.items ?? []).map((item) => ({
        id: item.id,
        link: item.url ?? item.external_url,
        title: item.title,
        html: item.content_html ?? item.content_text ?? item.summary,
        author: item.authors?.[0]?.name ?? feed.authors?.[0]?.name,
        date: item.date_published ?? item.date_modified,
        tags: item.tags,
      }));
      break;
    }
  }
  return entries.map((entry) => {
    const url = resolve(entry.link, resolve(entry.base, feedUrl) ?? feedUrl);
    return {
      externalId: entry.id?.trim() || url,
      url,
      title: entry.title,
      text: entry.html,
      author: entry.author,
      publishedAt: collectedDate(entry.date, collectedAt),
      tags: entry.tags?.filter((tag): tag is string => Boolean(tag)),
    };
  });
}

function resolve(link: string | undefined, base: string): string | null {
  if (!link?.trim()) return null;
  try {
    return new URL(link.trim(), base).href;
  } catch {
    return null;
  }
}

/** A missing or unreadable date is the time the item was collected; a date in the future is now. */
export function collectedDate(date: string | undefined, collectedAt: Date): Date {
  const time = date ? Date.parse(date) : Number.NaN;
  if (Number.isNaN(time) || time > collectedAt.getTime()) return collectedAt;
  return new Date(time);
}
