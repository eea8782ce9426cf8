/**
 * Public Telegram channels, read from their web preview (`https://t.me/s/<handle>`, newest posts last, older
 * pages with `?before=<post id>`). The first fetch reads back up to 100 posts; later fetches read back until
 * the newest post already seen (`collectorState.lastPostId`), again at most 100.
 */
import { parseHTML } from "linkedom";
import type { IncomingItem } from "~/features/sources/ingest.server";
import { fetchPage } from "./http.server.ts";
import { CollectError, type Collector } from "./types.ts";

export const MAX_POSTS_PER_FETCH = 100;

// 5–32 characters of a-z, 0-9 and single underscores, starting with a letter and not ending with "_"; 4 is
// let through for the short names sold on Fragment.
const HANDLE = /^[a-z](?:[a-z0-9]|_(?!_)){2,30}[a-z0-9]$/i;
const LINK =
  /^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog)\/(?:s\/)?([^/?#]+)\/?(?:\d+\/?)?(?:[?#].*)?$/i;
// Paths of t.me that are not channels.
const RESERVED = new Set([
  "joinchat",
  "addstickers",
  "addemoji",
  "addlist",
  "addtheme",
  "setlanguage",
  "share",
  "proxy",
  "socks",
  "login",
  "confirmphone",
  "invoice",
  "boost",
  "contact",
]);

/** The channel's handle (lower case) from `name`, `@name`, `t.me/name` or `https://t.me/s/name`; else null. */
export function parseTelegramHandle(input: string): string | null {
  const value = input.trim();
  const name = value.match(LINK)?.[1] ?? value.replace(/^@/, "");
  if (!HANDLE.test(name) || RESERVED.has(name.toLowerCase())) return null;
  return name.toLowerCase();
}

export const collectTelegram: Collector<"env"> = async (services, source, { signal } = {}) => {
  const handle = parseTelegramHandle(source.url);
  if (!handle) throw new CollectError(`Not a Telegram channel: ${source.url}`);
  const lastPostId = Number(source.collectorState.lastPostId) || 0;
  const address = `${services.env.TELEGRAM_PREVIEW_BASE}/s/${handle}`;
  const posts = new Map<number, IncomingItem>();
  let newest = lastPostId;
  let before: number | null = null;
  let httpStatus = 200;
  while (posts.size < MAX_POSTS_PER_FETCH) {
    const page = await fetchPage(services, before === null ? address : `${address}?before=${before}`, {
      accept: "text/html",
      signal,
    });
    httpStatus = page.status;
    const found = readChannelPage(page.body, page.url);
    if (!found.isChannel) throw new CollectError(`@${handle} is not a public Telegram channel`);
    for (const post of found.posts) {
      newest = Math.max(newest, post.id);
      if (post.id > lastPostId && post.item) posts.set(post.id, post.item);
    }
    const oldest = Math.min(...found.posts.map((post) => post.id));
    // Stop at the start of the channel, at posts already read, or when a page brings nothing older.
    if (!found.posts.length || oldest <= lastPostId + 1 || (before !== null && oldest >= before)) break;
    before = oldest;
  }
  const items = [...posts.entries()]
    .sort(([a], [b]) => b - a)
    .slice(0, MAX_POSTS_PER_FETCH)
    .map(([, item]) => item);
  return {
    httpStatus,
    notModified: false,
    items,
    etag: null,
    lastModified: null,
    collectorState: { ...source.collectorState, lastPostId: newest },
  };
};

interface ChannelPage {
  /** False for the page Telegram shows instead of a private or missing channel. */
  isChannel: boolean;
  /** Every post on the page; `item` is null for posts without text (a photo alone, a sticker). */
  posts: Array<{ id: number; item: IncomingItem | null }>;
}

/** The posts on one page of a channel's web preview. */
export function readChannelPage(html: string, pageUrl: string): ChannelPage {
  const { document } = parseHTML(html);
  const posts: ChannelPage["posts"] = [];
  for (const node of document.querySelectorAll(".tgme_widget_message[data-post]")) {
    const dataPost = node.getAttribute("data-post") ?? "";
    const id = Number(dataPost.split("/")[1]);
    if (!Number.isSafeInteger(id) || node.classList.contains("service_message")) continue;
    const text = [...node.querySelectorAll(".tgme_widget_message_text")].find(
      (element) => !element.closest(".tgme_widget_message_reply"),
    );
    const link = node.querySelector("a.tgme_widget_message_date")?.getAttribute("href");
    const time = node.querySelector(".tgme_widget_message_date time[datetime]") ?? node.querySelector("time[datetime]");
    const author =
      node.querySelector(".tgme_widget_message_from_author") ?? node.querySelector(".tgme_widget_message_owner_name");
    posts.push({
      id,
      item: text?.textContent?.trim()
        ? {
            externalId: dataPost,
            url: link ? new URL(link, pageUrl).href : `https://t.me/${dataPost}`,
            text: text.innerHTML,
            author: author?.textContent?.trim() || null,
            publishedAt: time?.getAttribute("datetime") || null,
            reach: parseViews(node.querySelector(".tgme_widget_message_views")?.textContent),
          }
        : null,
    });
  }
  const isChannel = posts.length > 0 || document.querySelector(".tgme_channel_info") !== null;
  return { isChannel, posts };
}

const MULTIPLIERS: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9 };

/** A view counter as shown: "856", "1.2K", "3,4M" (a comma before a suffix is a decimal point). */
export function parseViews(shown: string | null | undefined): number {
  const match = (shown ?? "").replace(/\s/g, "").match(/^(\d+(?:[.,]\d+)?)([KMB])?$/i);
  if (!match) return 0;
  const [, number, suffix] = match as [string, string, string | undefined];
  if (!suffix) return Number(number.replace(/[.,]/g, ""));
  return Math.round(Number(number.replace(",", ".")) * MULTIPLIERS[suffix.toUpperCase()]!);
}
