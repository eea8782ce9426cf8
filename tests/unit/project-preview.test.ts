// The query preview (issue 30): what a project's rules would match in the last 30 days, before saving. The
// route actions without JavaScript (intent=preview), the live preview's resource route, and the feature itself.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireReader } from "~/core/context.server";
import type { DatabaseHandle } from "~/db/client.server";
import { messages, projects } from "~/db/schema";
import { type RulesPreview, segmentsOf, snippetOf } from "~/features/projects/preview";
import { candidateQuery, previewRules } from "~/features/projects/preview.server";
import { translatorFor } from "~/i18n/i18n.server";
import { action as editAction } from "~/routes/_app.projects.$projectId.edit";
import { action as createAction } from "~/routes/_app.projects.create";
import { loader as previewLoader } from "~/routes/projects.preview";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { formPost, ORIGIN } from "../support/route";
import { testServices } from "../support/services";
import { signedInContext } from "../support/session";

let handle: DatabaseHandle;
let bank: string;
let other: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  bank = (await aProject(handle, { name: "Ipoteka", keywords: ["Ipoteka Bank"] })).id;
  other = (await aProject(handle, { name: "Other", keywords: ["other"] })).id;
  const source = await aSource(handle, { name: "Tashkent Live" });
  // Linked to the bank's project: a manager of it may see these.
  await mentions(handle, {
    source,
    projectIds: [bank],
    items: [
      { daysAgo: 1, language: "ru", title: "Новости", text: "Клиенты Ипотека Банка жалуются на очереди" },
      { daysAgo: 2, language: "uz", text: "Ipoteka Bankning yangi ilovasi chiqdi" },
      { daysAgo: 3, language: "uz-Cyrl", text: "Ипотека Банкда навбатлар йўқ" },
      { daysAgo: 4, language: "en", text: "Ipoteka Bank opens a branch in Samarkand" },
      { daysAgo: 5, language: "ru", text: "Ипотека Банк ищет сотрудников: вакансия кассира" },
    ],
  });
  // Another project's: counted for an admin, neither counted nor shown for the bank's manager.
  await mentions(handle, {
    source,
    projectIds: [other],
    items: [{ daysAgo: 6, language: "ru", text: "Ипотека Банком недовольны вкладчики" }],
  });
  await mentions(handle, {
    source,
    items: [
      // Out of the period, archived, or a look-alike the matcher refuses (the index's prefix finds it).
      { daysAgo: 40, language: "uz", text: "Ipoteka Bank eski xabar" },
      { daysAgo: 1, language: "en", text: "Ipoteka Bank spam", isArchived: true },
      { daysAgo: 1, language: "en", text: "Ipoteka Banking is a different word" },
      { daysAgo: 2, language: "en", text: "Nothing about it" },
      // Of no project: counted for everyone, shown only to an admin.
      { daysAgo: 7, language: "en", text: "Ipoteka Bank sponsors a marathon" },
    ],
  });
});
afterAll(async () => {
  await handle.close();
});

type Result = { data?: Record<string, unknown>; init?: ResponseInit } & Record<string, unknown>;
async function call(fn: unknown, request: Request, context: unknown, params: Record<string, string> = {}) {
  const handler = fn as (args: unknown) => Promise<unknown>;
  try {
    return (await handler({ request, context, params, url: new URL(request.url), pattern: "" })) as Result;
  } catch (thrown) {
    return thrown as Result;
  }
}
const previewPost = (path: string, fields: Record<string, string>) =>
  formPost(path, { intent: "preview", name: "", color: "#16a34a", ...fields });
const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: ResponseInit }).init?.status;
const marked = (segments: Array<{ text: string; mark: boolean }> | null) =>
  (segments ?? []).filter((s) => s.mark).map((s) => s.text);
const byLanguage = (preview: RulesPreview) => Object.fromEntries(preview.languages.map((l) => [l.language, l.count]));

describe("the preview without JavaScript (the form's Preview button)", () => {
  it("counts per language, marks the inflected forms the matcher found, and saves nothing", async () => {
    const admin = await signedInContext({ roles: ["admin"] });
    const before = await handle.db.select().from(projects);
    const result = await call(
      createAction,
      previewPost("/projects/create", {
        name: "Ipoteka 2",
        description: "typed",
        keywords: "Ipoteka Bank",
        excludedWords: "vakansiya",
      }),
      admin.context,
    );
    const preview = result.preview as RulesPreview;
    // ru: Банка, Банком (another project's, counted for an admin); not the vacancy; uz, uz-Cyrl once; en twice
    // (one of no project).
    expect(preview.count).toBe(6);
    expect(byLanguage(preview)).toEqual({ ru: 2, uz: 1, "uz-Cyrl": 1, en: 2 });
    expect(preview).toMatchObject({ estimated: false, scoped: false, hiddenExamples: false });
    const texts = preview.examples.flatMap((e) => marked(e.text));
    expect(texts).toEqual([
      "Ипотека Банка",
      "Ipoteka Bankning",
      "Ипотека Банкда",
      "Ipoteka Bank",
      "Ипотека Банком",
      "Ipoteka Bank",
    ]);
    expect(preview.examples[0]?.title).toEqual([{ text: "Новости", mark: false }]);
    expect(preview.examples[0]?.source).toBe("Tashkent Live");
    // Everything typed comes back; nothing was saved.
    expect(result.values).toMatchObject({ name: "Ipoteka 2", description: "typed", keywords: "Ipoteka Bank" });
    expect(await handle.db.select().from(projects)).toHaveLength(before.length);
  });

  it("keeps only mentions with every required word and in the ticked languages", async () => {
    const admin = await signedInContext({ roles: ["admin"] });
    const required = await call(
      createAction,
      previewPost("/projects/create", { keywords: "Ipoteka Bank", requiredWords: "navbat, очередь" }),
      admin.context,
    );
    // "очереди" and "navbatlar" are forms of the required words, but each message has only one of them.
    expect((required.preview as RulesPreview).count).toBe(0);
    const one = await call(
      createAction,
      previewPost("/projects/create", { keywords: "Ipoteka Bank", requiredWords: "navbat" }),
      admin.context,
    );
    expect(byLanguage(one.preview as RulesPreview)).toEqual({ "uz-Cyrl": 1 });
    expect(marked((one.preview as RulesPreview).examples[0]?.text ?? null)).toEqual(["Ипотека Банкда", "навбатлар"]);

    const form = new URLSearchParams({ intent: "preview", keywords: "Ipoteka Bank", color: "#16a34a" });
    form.append("languages", "uz");
    form.append("languages", "uz-Cyrl");
    const languages = await call(
      createAction,
      new Request(`${ORIGIN}/projects/create`, {
        method: "POST",
        body: form,
        headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
      }),
      admin.context,
    );
    expect(byLanguage(languages.preview as RulesPreview)).toEqual({ uz: 1, "uz-Cyrl": 1 });
    expect(languages.values).toMatchObject({ languages: ["uz", "uz-Cyrl"] });
  });

  it("answers a bad rule with its translated error and keeps what was typed; a name is not needed", async () => {
    const admin = await signedInContext({ roles: ["admin"] });
    const result = await call(
      createAction,
      previewPost("/projects/create", { name: "", description: "kept", keywords: "x".repeat(101) }),
      admin.context,
    );
    expect(statusOf(result)).toBe(400);
    expect(result.data?.fieldErrors).toEqual({ keywords: "projects:errors.termTooLong" });
    expect(result.data?.values).toMatchObject({ description: "kept", keywords: "x".repeat(101) });
    for (const lng of ["en", "ru", "uz", "uz-Cyrl"] as const) {
      const t = await translatorFor(lng, "projects");
      expect(t("errors.termTooLong")).not.toBe("errors.termTooLong");
    }
  });

  it("previews on the edit page for a manager of the project: counts only their mentions and those of no project", async () => {
    const manager = await signedInContext({ roles: ["manager"], projectIds: [bank] });
    const result = await call(
      editAction,
      previewPost(`/projects/${bank}/edit`, { name: "Ipoteka", keywords: "Ipoteka Bank" }),
      manager.context,
      { projectId: bank },
    );
    const preview = result.preview as RulesPreview;
    // The other project's mention is neither counted nor shown; the one of no project is counted, not shown.
    expect(preview.count).toBe(6);
    expect(byLanguage(preview)).toEqual({ ru: 2, uz: 1, "uz-Cyrl": 1, en: 2 });
    expect(preview.examples.map((e) => marked(e.text)[0])).not.toContain("Ипотека Банком");
    expect(preview.examples).toHaveLength(5);
    expect(preview).toMatchObject({ hiddenExamples: true, scoped: true });
    const [stored] = await handle.db.select().from(projects).where(eq(projects.id, bank));
    expect(stored?.keywords).toEqual(["Ipoteka Bank"]);

    const outsider = await signedInContext({ roles: ["manager"], projectIds: [other] });
    const refused = await call(
      editAction,
      previewPost(`/projects/${bank}/edit`, { keywords: "Ipoteka Bank" }),
      outsider.context,
      { projectId: bank },
    );
    expect(statusOf(refused)).toBe(404);
  });
});

describe("the live preview (/projects/preview, with JavaScript)", () => {
  const get = (query: string) => new Request(`${ORIGIN}/projects/preview?${query}`);

  it("gives the same preview for the rules in its URL", async () => {
    const admin = await signedInContext({ roles: ["admin"] });
    const result = await call(previewLoader, get("keywords=Ipoteka+Bank&excludedWords=vakansiya"), admin.context);
    expect((result.preview as RulesPreview).count).toBe(6);
    expect(result.fieldErrors).toBeNull();
  });

  it("refuses those who may not manage projects, and answers bad rules with error keys", async () => {
    const analyst = await signedInContext({ roles: ["analyst"], projectIds: [bank] });
    expect(statusOf(await call(previewLoader, get("keywords=Ipoteka"), analyst.context))).toBe(403);
    const admin = await signedInContext({ roles: ["admin"] });
    const bad = await call(previewLoader, get("keywords=&languages=xx"), admin.context);
    expect(statusOf(bad)).toBe(400);
    expect(bad.data).toEqual({
      preview: null,
      fieldErrors: { keywords: "projects:errors.keywordsRequired", languages: "projects:errors.languageInvalid" },
    });
  });
});

describe("previewRules", () => {
  const rules = { keywords: ["Ipoteka Bank"], requiredWords: [], excludedWords: [], languages: [] };

  it("checks every candidate while there are few, and says the count is exact", async () => {
    const admin = await signedInContext({ roles: ["admin"] });
    const exact = await previewRules(testServices(), requireReader(admin.context), rules);
    // Eight candidates: the seven matches and "Ipoteka Banking" (the index's prefix finds it, the matcher refuses it).
    expect(exact).toMatchObject({ count: 7, estimated: false, checked: 8 });
    expect(byLanguage(exact)).toEqual({ ru: 3, uz: 1, "uz-Cyrl": 1, en: 2 });
  });

  it("beyond its bound, scales the matches of the newest stretch to the 30 days, and says so", async () => {
    const admin = await signedInContext({ roles: ["admin"] });
    const capped = await previewRules(testServices(), requireReader(admin.context), rules, { maxChecked: 3 });
    // The newest three: Banking (en, refused), Банка (ru), Bankning (uz, 2 days ago). Since then 5 of the
    // period's 10 mentions were published, so each match counts 10/5.
    const bankning = (
      await handle.db.select().from(messages).where(eq(messages.text, "Ipoteka Bankning yangi ilovasi chiqdi"))
    )[0];
    expect(capped).toMatchObject({ estimated: true, checked: 3, since: bankning?.publishedAt.toISOString() });
    expect(byLanguage(capped)).toEqual({ ru: 2, uz: 2 });
    expect(capped.count).toBe(4);
  });

  it("checks at least one batch, however short its time", async () => {
    const admin = await signedInContext({ roles: ["admin"] });
    const hurried = await previewRules(testServices(), requireReader(admin.context), rules, { budgetMs: 0 });
    expect(hurried).toMatchObject({ count: 7, estimated: false });
  });

  it("counts nothing without a keyword it can read", async () => {
    const admin = await signedInContext({ roles: ["admin"] });
    const preview = await previewRules(testServices(), requireReader(admin.context), { ...rules, keywords: ["—"] });
    expect(preview).toMatchObject({ count: 0, checked: 0, examples: [] });
  });
});

describe("what the index is asked for, and the marked snippets", () => {
  it("asks for each word as a folded prefix, the last one stemmed unless quoted", () => {
    expect(candidateQuery({ keywords: ["Ipoteka Банка", '"Nur"'], requiredWords: ["Нура"] })).toBe(
      "('ipoteka':* & 'bank':* | 'nur':*) & ('nur':*)",
    );
    expect(candidateQuery({ keywords: ["—"], requiredWords: [] })).toBeNull();
  });

  it("cuts a long text around its first span and marks the spans in it", () => {
    const text = `${"word ".repeat(100)}Nurbankning ilovasi ${"soʻz ".repeat(100)}`;
    const at = text.indexOf("Nurbankning");
    const segments = snippetOf(text, [{ start: at, end: at + 11 }]);
    expect(segments[0]).toEqual({ text: "…", mark: false });
    expect(segments.at(-1)).toEqual({ text: "…", mark: false });
    expect(segments.filter((s) => s.mark)).toEqual([{ text: "Nurbankning", mark: true }]);
    expect(segments.map((s) => s.text).join("").length).toBeLessThanOrEqual(282);
    expect(
      segmentsOf("Ипотека Банка", [
        { start: 0, end: 7 },
        { start: 8, end: 13 },
      ]),
    ).toEqual([
      { text: "Ипотека", mark: true },
      { text: " ", mark: false },
      { text: "Банка", mark: true },
    ]);
  });
});
