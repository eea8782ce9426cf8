import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { helpLibrary, popularArticles } from "~/features/help/articles.server";
import { anchorOf, buildLibrary, findArticle, parseArticle, relatedArticles } from "~/features/help/library.server";
import { searchArticles } from "~/features/help/search.server";
import { LANGUAGES } from "~/i18n/config";
import { loader as articleLoader } from "~/routes/_app.help-center.$slug";
import { loader as paletteLoader } from "~/routes/help-center.search";
import { flatNavItems, NAV_GROUPS } from "~/shell/nav";
import { openTestDatabase } from "../support/builders";
import { testServices } from "../support/services";
import { signedInContext } from "../support/session";

const CONTENT = path.join(import.meta.dirname, "../../content/help");
const library = helpLibrary();

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe("the articles", () => {
  it("exist in every language with the same slugs, each with valid front matter", () => {
    const english = fs.readdirSync(path.join(CONTENT, "en")).sort();
    expect(english.length).toBeGreaterThanOrEqual(15);
    for (const language of LANGUAGES) {
      expect(fs.readdirSync(path.join(CONTENT, language)).sort(), language).toEqual(english);
      const articles = library.byLanguage.get(language);
      expect([...(articles?.keys() ?? [])].sort(), language).toEqual(english.map((f) => f.replace(/\.md$/, "")));
      for (const article of articles?.values() ?? []) {
        const twin = findArticle(library, "en", article.slug)?.article;
        // The same topic and place everywhere, and the same headings (ids), so links work in every language.
        expect([article.topic, article.order, article.anchors], `${language}/${article.slug}`).toEqual([
          twin?.topic,
          twin?.order,
          twin?.anchors,
        ]);
        expect(article.text.length, `${language}/${article.slug}`).toBeGreaterThan(500);
      }
    }
  });

  it("cover every screen, the shortcuts, languages and troubleshooting", () => {
    for (const slug of [
      "getting-started",
      "overview",
      "analytics",
      "sources",
      "messages",
      "reports",
      "projects",
      "tasks",
      "users",
      "ai-assistant",
      "settings",
      "keyboard-shortcuts",
      "languages-and-themes",
      "faq",
    ]) {
      expect(library.slugs).toContain(slug);
    }
    const faq = findArticle(library, "en", "faq")?.article;
    expect(faq?.anchors).toEqual(expect.arrayContaining(["failing-source", "missing-mentions", "sign-in"]));
    const sources = findArticle(library, "en", "sources")?.article;
    expect(sources?.anchors).toEqual(expect.arrayContaining(["webhook", "import"]));
  });

  it("link only to articles and anchors that exist, and to screens of the app", () => {
    const screens = new Set(NAV_GROUPS.flatMap((g) => flatNavItems(g).map((item) => item.to)));
    for (const language of LANGUAGES) {
      for (const article of library.byLanguage.get(language)?.values() ?? []) {
        for (const link of article.links) {
          const where = `${language}/${article.slug} → ${link}`;
          if (/^https?:\/\//.test(link)) continue;
          const [pathname = "", anchor] = link.split("#");
          const help = pathname.match(/^\/help-center(?:\/([a-z0-9-]+))?$/);
          if (!help) {
            expect(screens.has(pathname), where).toBe(true);
            continue;
          }
          if (!help[1]) continue;
          const target = findArticle(library, language, help[1]);
          expect(target?.fallback, where).toBe(false);
          if (anchor) expect(target?.article.anchors, where).toContain(anchor);
        }
      }
    }
  });

  it("every page header's Help link opens an article and, with an anchor, its heading", () => {
    const routes = path.join(import.meta.dirname, "../../app/routes");
    const slugs = fs
      .readdirSync(routes)
      .flatMap((file) => [
        ...fs.readFileSync(path.join(routes, file), "utf8").matchAll(/<PageHeader\s+help="([^"]+)"/g),
      ])
      .map((m) => m[1] as string);
    expect(slugs.length).toBeGreaterThan(10);
    for (const help of slugs) {
      const [slug = "", anchor] = help.split("#");
      const article = findArticle(library, "en", slug)?.article;
      expect(article, help).toBeDefined();
      if (anchor) expect(article?.anchors, help).toContain(anchor);
    }
  });
});

describe("rendering", () => {
  const source = (body: string) =>
    `---\ntitle: Test\nsummary: A test article.\ntopic: start\norder: 1\nkeywords: [test]\n---\n${body}`;

  it("escapes raw HTML and does not link unsafe schemes", () => {
    const article = parseArticle(
      "content/help/en/test.md",
      source(
        '<script>alert("x")</script>\n\n<img src=x onerror="alert(1)">\n\n[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [ok](/help-center/faq)',
      ),
    );
    expect(article.html).not.toMatch(/<script|<img/i);
    expect(article.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(article.html).not.toContain('href="javascript:');
    expect(article.html).not.toContain('href="data:');
    expect(article.html).toContain("[click](javascript:alert(1))");
    expect(article.html).toContain('<a href="/help-center/faq">ok</a>');
  });

  it("gives headings ids (explicit ones kept in every language) and lists them in the table of contents", () => {
    const article = parseArticle(
      "content/help/ru/test.md",
      source("## Вебхук {#webhook}\n\nТекст.\n\n### Ответы сервера\n\n## Вебхук {#webhook}\n"),
    );
    expect(article.toc).toEqual([
      { id: "webhook", text: "Вебхук", level: 2 },
      { id: "ответы-сервера", text: "Ответы сервера", level: 3 },
      { id: "webhook-2", text: "Вебхук", level: 2 },
    ]);
    expect(article.html).toContain('<h2 id="webhook">Вебхук</h2>');
    expect(anchorOf("Oʻzbekcha: Ctrl+K!")).toBe("oʻzbekcha-ctrl-k");
  });

  it("refuses an article without valid front matter, naming the file", () => {
    expect(() => parseArticle("content/help/en/bad.md", "# No front matter")).toThrow(/bad\.md: no front matter/);
    expect(() => parseArticle("content/help/en/bad.md", source("").replace("topic: start", "topic: other"))).toThrow(
      /bad\.md.*topic/s,
    );
  });

  it("falls back to English, with a note, for an article not translated yet", () => {
    const partial = buildLibrary({
      "content/help/en/a.md": source("## One {#one}\n\nEnglish text."),
      "content/help/en/b.md": source("## Two {#two}\n\nEnglish text."),
      "content/help/ru/a.md": source("## Один {#one}\n\nРусский текст."),
    });
    expect(findArticle(partial, "ru", "a")).toMatchObject({ fallback: false, article: { language: "ru" } });
    expect(findArticle(partial, "ru", "b")).toMatchObject({ fallback: true, article: { language: "en" } });
    expect(findArticle(partial, "ru", "c")).toBeUndefined();
  });
});

describe("search", () => {
  const slugs = (language: (typeof LANGUAGES)[number], q: string) =>
    searchArticles(library, language, q).map((hit) => hit.slug);

  it("finds articles by title, summary and text in each language, the best first", () => {
    expect(slugs("en", "webhook")[0]).toBe("sources");
    expect(slugs("ru", "вебхук")[0]).toBe("sources");
    expect(slugs("uz", "vebhuk")[0]).toBe("sources");
    expect(slugs("uz-Cyrl", "вебхук")[0]).toBe("sources");
    expect(slugs("en", "keyboard shortcuts")[0]).toBe("keyboard-shortcuts");
    expect(slugs("ru", "горячие клавиши")[0]).toBe("keyboard-shortcuts");
    // Word forms: "источниками" finds "источники" through its endings.
    expect(slugs("ru", "источниками")[0]).toBe("sources");
    expect(slugs("en", "zzzz-nothing")).toEqual([]);
  });

  it("treats Uzbek Latin and Cyrillic as one", () => {
    expect(slugs("uz", "манбалар")[0]).toBe("sources");
    expect(slugs("uz-Cyrl", "manbalar")[0]).toBe("sources");
    expect(slugs("uz", "парол")).toContain("settings");
    expect(slugs("uz-Cyrl", "foydalanuvchilar va rollar")[0]).toBe("users");
  });

  it("follows the search syntax: phrases and excluded words", () => {
    expect(slugs("en", '"share of voice"')).toEqual(expect.arrayContaining(["overview", "analytics"]));
    expect(slugs("en", '"share of voice" -heat')).not.toContain("analytics");
  });

  it("returns an excerpt with the found words marked", () => {
    const [hit] = searchArticles(library, "ru", "одноразовый пароль");
    expect(hit?.excerpt.filter((s) => s.mark).map((s) => s.text.toLowerCase())).toEqual(
      expect.arrayContaining([expect.stringMatching(/^одноразов/), expect.stringMatching(/^парол/)]),
    );
    expect(hit?.excerpt.map((s) => s.text).join("").length).toBeLessThanOrEqual(282);
  });

  it("in the palette, matches titles and keywords only, in the user's language", async () => {
    const { context } = await signedInContext({ language: "uz-Cyrl" });
    const answer = (await paletteLoader({
      context,
      url: new URL("http://localhost/help-center/search?q=vazifa"),
    } as never)) as { articles: Array<{ slug: string; title: string }> };
    expect(answer.articles[0]).toEqual({ slug: "tasks", title: "Вазифалар" });
  });
});

describe("article page and popular articles", () => {
  const open = async (slug: string, language: (typeof LANGUAGES)[number] = "en") => {
    const { context } = await signedInContext({ language });
    try {
      return await articleLoader({
        context,
        params: { slug },
        url: new URL(`http://localhost/help-center/${slug}`),
      } as never);
    } catch (thrown) {
      return thrown;
    }
  };

  it("lists the most read articles first, then the first of each topic", async () => {
    const before = (await popularArticles(testServices(), "en")).map((a) => a.slug);
    expect(before).toHaveLength(5);
    expect(before[0]).toBe("getting-started");
    for (const slug of ["faq", "tasks", "faq", "tasks", "faq"]) await open(slug);
    const after = (await popularArticles(testServices(), "en")).map((a) => a.slug);
    expect(after.slice(0, 2)).toEqual(["faq", "tasks"]);
    expect(after).toHaveLength(5);
  });

  it("serves the article in the reader's language with its contents and related articles; unknown slugs are 404", async () => {
    const page = (await open("sources", "ru")) as Awaited<ReturnType<typeof articleLoader>>;
    expect(page.article.title).toBe("Источники");
    expect(page.fallback).toBe(false);
    expect(page.article.toc.map((e) => e.id)).toEqual(expect.arrayContaining(["webhook", "import"]));
    expect(page.related.length).toBeGreaterThan(0);
    expect(page.related.map((r) => r.slug)).not.toContain("sources");
    expect(relatedArticles(library, "en", "sources").length).toBeLessThanOrEqual(3);
    const missing = (await open("no-such-article")) as { init?: ResponseInit };
    expect(missing.init?.status).toBe(404);
  });
});
