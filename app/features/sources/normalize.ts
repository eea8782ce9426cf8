/**
 * Cleaning what collectors bring before it is stored: HTML to plain text, Unicode normalised, invisible
 * and control characters removed, whitespace collapsed, lengths capped; URLs made canonical; a content hash
 * that stays the same when a re-post differs only in case, punctuation, spacing or script.
 */
import { createHash } from "node:crypto";
import { foldWords } from "~/core/text";

export const MAX_TITLE = 500;
export const MAX_TEXT = 20_000;

// Whole elements whose content is never text a reader sees.
const HIDDEN = /<(script|style|noscript|template|iframe|object|svg|math|head)\b[^<>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^<>]*>|<\?[\s\S]*?(?:\?>|$)/g;
// No "<" inside a tag, not even quoted: every pattern then stops at the next "<", which keeps them linear
// on hostile input ("<a<a<a…" with no ">").
const ATTRS = `(?:[^<>"']|"[^<"]*"|'[^<']*')*`;
// A run of block-level tags is one break: a blank line when a paragraph-like block is among them.
const BLOCKS = new RegExp(
  `(?:<\\/?(?:p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|tr|table|thead|tbody|blockquote|pre|section|article|header|footer|aside|nav|figure|figcaption|main|address|details|summary)\\b${ATTRS}>\\s*)+`,
  "gi",
);
const PARAGRAPH =
  /<\/?(?:p|div|h[1-6]|table|blockquote|pre|section|article|header|footer|aside|nav|figure|main|address|details)\b/i;
const CELL = new RegExp(`<\\/?(?:td|th)\\b${ATTRS}>`, "gi");
const TAG = new RegExp(`<\\/?[a-zA-Z][^\\s/<>]*${ATTRS}>`, "g");
const LOOKS_LIKE_HTML = /<\/?[a-zA-Z][^<>]*>|&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/i;

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  shy: "",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  laquo: "«",
  raquo: "»",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  bull: "•",
  middot: "·",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
  times: "×",
  deg: "°",
  thinsp: " ",
  ensp: " ",
  emsp: " ",
  zwnj: "",
  zwj: "",
};

function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z]+\d*));?/gi, (whole, dec, hex, name) => {
    if (dec || hex) {
      const code = Number.parseInt(dec ?? hex, dec ? 10 : 16);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "";
    }
    return ENTITIES[(name as string).toLowerCase()] ?? whole;
  });
}

/** Plain text of an HTML fragment: hidden elements and tags dropped, blocks on their own lines, entities decoded. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(COMMENT, "")
      .replace(HIDDEN, "")
      .replace(BLOCKS, (run) => (PARAGRAPH.test(run) ? "\n\n" : "\n"))
      .replace(CELL, " ")
      .replace(TAG, "")
      // A "<" left over opens no tag any more; an unterminated tag at the end is cut off.
      .replace(/<\/?[a-zA-Z][^<>]*$/, ""),
  );
}

// Control characters but tab and line feed, format characters (zero-width, bidi controls, soft hyphen,
// BOM) and unpaired surrogates: PostgreSQL refuses NUL, and the rest only hides text from search and matching.
const INVISIBLE = /[^\P{Cc}\n]|\p{Cf}|\p{Cs}/gu;

function clean(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[^\S\n]/g, " ")
    .replace(INVISIBLE, "")
    .normalize("NFC");
}

/** Cuts to at most `max` UTF-16 units without splitting a character. */
function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = /[\uD800-\uDBFF]/.test(text[max - 1] as string) ? max - 1 : max;
  return text.slice(0, cut).trimEnd();
}

// Whatever a collector hands over, at most this much is cleaned (markup included): the text is capped anyway.
const MAX_INPUT = 10 * MAX_TEXT;

const toText = (input: string | null | undefined) => {
  const raw = (input ?? "").slice(0, MAX_INPUT);
  return LOOKS_LIKE_HTML.test(raw) ? htmlToText(raw) : raw;
};

/** A message body: paragraphs kept (at most one blank line), spaces collapsed, capped at MAX_TEXT. */
export function normalizeText(raw: string | null | undefined): string {
  const text = clean(toText(raw))
    .split("\n")
    .map((line) => line.replace(/ {2,}/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return cap(text, MAX_TEXT);
}

/** A one-line field (title, author): all whitespace collapsed to single spaces, capped at `max`. */
export function normalizeLine(raw: string | null | undefined, max = MAX_TITLE): string {
  return cap(clean(toText(raw)).replace(/\s+/g, " ").trim(), max);
}

const MAX_AUTHOR = 200;

/**
 * An author as stored, counted (the author rollups key this exact string) and filtered by in the feed, so a
 * name typed in the feed's filter finds what analytics counted for it; "" for none.
 */
export const normalizeAuthor = (raw: string | null | undefined): string => normalizeLine(raw, MAX_AUTHOR);

const TRACKING = /^(?:utm_.*|fbclid|gclid|yclid|msclkid|igshid)$/i;

/**
 * The URL by which a page is known whatever link led to it: http(s) only, no credentials, lower-case host,
 * no default port, no fragment, no tracking parameters, the other parameters sorted. Null when it is not
 * an http(s) URL.
 */
export function canonicalUrl(raw: string | null | undefined): string | null {
  if (!raw?.trim()) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.username = "";
  url.password = "";
  url.hash = "";
  for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
  url.searchParams.sort();
  return url.toString().replace(/\?$/, "");
}

/** SHA-256 of the folded words of title and text (or of the text itself when it has no words). */
export function contentHash(title: string | null, text: string): string {
  const words = foldWords(`${title ?? ""} ${text}`).join(" ");
  return createHash("sha256")
    .update(words || text)
    .digest("hex");
}
