/**
 * The help center's articles: Markdown files with YAML front matter, one folder per language
 * (`content/help/<lng>/<slug>.md`), rendered once into HTML, a table of contents and searchable text.
 * Raw HTML in an article is escaped and unsafe link schemes (`javascript:` …) are not linked (ADR 034).
 */
import MarkdownIt from "markdown-it";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { foldWords } from "~/core/text";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/i18n/config";

export const TOPICS = ["start", "monitoring", "work", "admin", "troubleshooting"] as const;
export type Topic = (typeof TOPICS)[number];

const frontMatterSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  summary: z.string().trim().min(1).max(300),
  topic: z.enum(TOPICS),
  order: z.number().int().min(0),
  keywords: z.array(z.string().trim().min(1)).default([]),
});

export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

export interface Article {
  slug: string;
  language: Language;
  title: string;
  summary: string;
  topic: Topic;
  order: number;
  keywords: string[];
  html: string;
  toc: TocEntry[];
  /** Every heading's id (what `#anchor` links may point at). */
  anchors: string[];
  /** Every link's target as written. */
  links: string[];
  /** The article's words as plain text, for search and excerpts. */
  text: string;
  /** Folded words, for search. */
  words: { title: string[]; keywords: string[]; summary: string[]; text: string[] };
}

export interface Library {
  /** Slugs of the English articles (the full set), by topic and order. */
  slugs: string[];
  byLanguage: Map<Language, Map<string, Article>>;
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });
/** `## Webhook {#webhook}`: an id that stays the same in every language, so links need no translation. */
const EXPLICIT_ID = /\s*\{#([a-z0-9-]+)\}\s*$/;
const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** A heading's text as an id: lower case letters and digits of any script, dashes between words. */
export function anchorOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/** One article from its file: front matter checked, Markdown rendered. Throws with the file's name. */
export function parseArticle(file: string, source: string): Article {
  const match = file.match(/([^/]+)\/([a-z0-9-]+)\.md$/);
  const language = match?.[1];
  if (!match || !isLanguage(language)) throw new Error(`${file}: not content/help/<language>/<slug>.md`);
  const fence = source.match(FENCE);
  if (!fence) throw new Error(`${file}: no front matter`);
  let yaml: unknown;
  try {
    yaml = parseYaml(fence[1] as string);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const meta = frontMatterSchema.safeParse(yaml);
  if (!meta.success) throw new Error(`${file}: ${z.prettifyError(meta.error)}`);

  const tokens = markdown.parse(source.slice(fence[0].length), {});
  const toc: TocEntry[] = [];
  const anchors: string[] = [];
  const links: string[] = [];
  const text: string[] = [];
  tokens.forEach((token, i) => {
    if (token.type === "heading_open") {
      const inline = tokens[i + 1];
      if (!inline) return;
      const explicit = inline.content.match(EXPLICIT_ID);
      if (explicit) {
        inline.content = inline.content.replace(EXPLICIT_ID, "");
        const last = inline.children?.at(-1);
        if (last?.type === "text") last.content = last.content.replace(EXPLICIT_ID, "");
      }
      let id = explicit?.[1] ?? anchorOf(inline.content);
      for (let n = 2; anchors.includes(id); n++) id = `${explicit?.[1] ?? anchorOf(inline.content)}-${n}`;
      anchors.push(id);
      token.attrSet("id", id);
      const level = Number(token.tag.slice(1));
      if (level === 2 || level === 3) toc.push({ id, text: inline.content, level });
    }
    if (token.type !== "inline") return;
    let line = "";
    for (const child of token.children ?? []) {
      if (child.type === "link_open") links.push(String(child.attrGet("href") ?? ""));
      if (child.type === "text" || child.type === "code_inline") line += child.content;
      if (child.type === "softbreak" || child.type === "hardbreak") line += " ";
    }
    text.push(line);
  });
  const plain = text.join("\n").trim();
  const { title, summary, topic, order, keywords } = meta.data;
  return {
    slug: match[2] as string,
    language,
    title,
    summary,
    topic,
    order,
    keywords,
    html: markdown.renderer.render(tokens, markdown.options, {}),
    toc,
    anchors,
    links,
    text: plain,
    words: {
      title: foldWords(title),
      keywords: keywords.flatMap(foldWords),
      summary: foldWords(summary),
      text: foldWords(plain),
    },
  };
}

/** Every article of every language, from `{ path: source }`. */
export function buildLibrary(files: Record<string, string>): Library {
  const byLanguage = new Map<Language, Map<string, Article>>();
  for (const [file, source] of Object.entries(files)) {
    const article = parseArticle(file, source);
    const articles = byLanguage.get(article.language) ?? new Map<string, Article>();
    byLanguage.set(article.language, articles.set(article.slug, article));
  }
  const english = [...(byLanguage.get(DEFAULT_LANGUAGE)?.values() ?? [])];
  english.sort((a, b) => TOPICS.indexOf(a.topic) - TOPICS.indexOf(b.topic) || a.order - b.order);
  return { slugs: english.map((a) => a.slug), byLanguage };
}

/** An article in the language, else in English (`fallback`); undefined for an unknown slug. */
export function findArticle(
  library: Library,
  language: Language,
  slug: string,
): { article: Article; fallback: boolean } | undefined {
  const own = library.byLanguage.get(language)?.get(slug);
  if (own) return { article: own, fallback: false };
  const english = library.byLanguage.get(DEFAULT_LANGUAGE)?.get(slug);
  return english && { article: english, fallback: language !== DEFAULT_LANGUAGE };
}

/** The whole set in the language (English where a translation is missing), by topic and order. */
export function allArticles(library: Library, language: Language): Article[] {
  return library.slugs.flatMap((slug) => findArticle(library, language, slug)?.article ?? []);
}

/** Up to `limit` other articles sharing keywords or the topic, the closest first. */
export function relatedArticles(library: Library, language: Language, slug: string, limit = 3): Article[] {
  const self = findArticle(library, language, slug)?.article;
  if (!self) return [];
  const keywords = new Set(self.words.keywords);
  return allArticles(library, language)
    .filter((a) => a.slug !== slug)
    .map((a) => ({
      article: a,
      score: a.words.keywords.filter((k) => keywords.has(k)).length * 2 + (a.topic === self.topic ? 1 : 0),
    }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.article.order - b.article.order)
    .slice(0, limit)
    .map((r) => r.article);
}
