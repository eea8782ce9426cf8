// One topic row per subject across languages and scripts (issue 36, item 3; ADR 055): "app update",
// "обновление приложения" and "ilova yangilanishi" are one row, labelled with the subject's base form in the
// reader's language, linked with the feed's OR, and no link mixes scripts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Preferences, preferencesContext, requireReader } from "~/core/context.server";
import { positiveTerms, type QueryNode, queryTree } from "~/core/query";
import type { DatabaseHandle } from "~/db/client.server";
import { analyticsPage } from "~/features/analytics/page.server";
import { listProjects } from "~/features/projects/projects.server";
import { SUBJECTS, subjectOf } from "~/features/topics/glossary";
import { seedDemo } from "../../server/demo/seed";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { feedTotalIn } from "../support/feed";
import { testServices } from "../support/services";
import { signedInContext } from "../support/session";

let handle: DatabaseHandle;
let nurbank: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  nurbank = (await seedDemo(handle.connection, { messages: 3000 })).projectIds.nurbank;
}, 120_000);
afterAll(() => handle.close());

async function readerIn(language: "en" | "ru" | "uz" | "uz-Cyrl") {
  const { context } = await signedInContext({ roles: ["admin"], language });
  context.set(preferencesContext, { ...(context.get(preferencesContext) as Preferences), timezone: "Asia/Tashkent" });
  const feedTotal = async (query: string) => (await feedTotalIn(context, query)).count;
  return { reader: requireReader(context), feedTotal };
}

const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /\p{Script=Latin}/u;
/** An alternative's words in one script; an acronym in capitals ("QR") is any language's. */
const oneScript = (words: string[]) => {
  const written = words.filter((w) => !/^[A-Z0-9]{1,4}$/.test(w));
  return written.every((w) => CYRILLIC.test(w)) || written.every((w) => LATIN.test(w) && !CYRILLIC.test(w));
};

describe("the glossary", () => {
  it("knows a subject in any language, script and inflection", () => {
    const cases: Array<[string, string | null]> = [
      ["QR komissiyasini", "qr-fee"],
      ["QR комиссиясини", "qr-fee"],
      ["комиссию за QR", "qr-fee"],
      ["QR fees", "qr-fee"],
      ["ipoteka stavkasini", "mortgage-rate"],
      ["ставку по ипотеке", "mortgage-rate"],
      ["ипотека ставкаси", "mortgage-rate"],
      ["mortgage rates", "mortgage-rate"],
      ["app update", "app-update"],
      ["обновления приложения", "app-update"],
      ["ilova yangilanishi", "app-update"],
      ["илова янгиланиши", "app-update"],
      ["Android phones", null],
      ["QR", null],
    ];
    for (const [phrase, id] of cases) expect(subjectOf(phrase)?.id ?? null, phrase).toBe(id);
  });

  it("has a base form for every subject in every language", () => {
    for (const subject of SUBJECTS) {
      for (const language of ["en", "ru", "uz", "uz-Cyrl"] as const) {
        expect(subject.forms[language].length, `${subject.id} ${language}`).toBeGreaterThan(0);
      }
    }
  });
});

/** A search's alternatives: the parts of its top OR. */
const alternativesOf = (tree: QueryNode | null): QueryNode[] =>
  tree?.kind === "or" ? tree.children : tree ? [tree] : [];

describe("the feed's OR", () => {
  it("splits a search into alternatives, each of words that must all be there", () => {
    const alternatives = alternativesOf(queryTree("app update OR ilova yangilanishi OR -x"));
    expect(alternatives.map((a) => positiveTerms(a).map((t) => t.raw))).toEqual([
      ["app", "update"],
      ["ilova", "yangilanishi"],
      [],
    ]);
    // "or" in lower case is a word, as before.
    expect(alternativesOf(queryTree("rock or roll"))).toHaveLength(1);
  });

  it("finds either alternative, in both Uzbek scripts, by the Latin one", async () => {
    const project = (await aProject(handle, { name: "Ortest" })).id;
    const source = await aSource(handle);
    await mentions(handle, {
      source,
      projectIds: [project],
      items: [
        { daysAgo: 1, text: "Ortest app update broke the login" },
        { daysAgo: 1, text: "Ortest ilova yangilanishi nosoz chiqdi" },
        { daysAgo: 1, text: "Ortest илова янгиланиши носоз чиқди" },
        { daysAgo: 1, text: "Ortest app is fine" },
      ],
    });
    const { feedTotal } = await readerIn("en");
    const q = (search: string) => new URLSearchParams({ project, q: search }).toString();
    expect(await feedTotal(q("app update"))).toBe(1);
    expect(await feedTotal(q("ilova yangilanishi"))).toBe(2);
    expect(await feedTotal(q("app update OR ilova yangilanishi"))).toBe(3);
  });
});

describe.each(["en", "ru", "uz", "uz-Cyrl"] as const)("Nurbank's topics for a reader in %s", (language) => {
  it("are one row per subject, labelled with its base form, linked in one script per language", async () => {
    const { reader, feedTotal } = await readerIn(language);
    const page = await analyticsPage(
      testServices(),
      reader,
      await listProjects(testServices(), reader),
      new URLSearchParams(`project=${nurbank}`),
    );
    const subjects = page.topics.map((t) => subjectOf(t.label)?.id ?? null).filter(Boolean);
    // The stories of the period (the QR fee and the mortgage cut: in four languages on the demo), each once.
    expect(subjects).toEqual(expect.arrayContaining(["mortgage-rate", "qr-fee"]));
    expect(new Set(subjects).size).toBe(subjects.length);
    for (const topic of page.topics) {
      const subject = subjectOf(topic.label);
      if (subject) {
        expect(topic.label).toBe(subject.forms[language][0]);
        expect(topic.search).toContain(" OR ");
      }
      const q = new URLSearchParams(topic.query).get("q") ?? "";
      for (const alternative of alternativesOf(queryTree(q))) {
        expect(oneScript(positiveTerms(alternative).map((t) => t.raw)), q).toBe(true);
      }
      expect(await feedTotal(topic.query), topic.label).toBe(topic.count);
    }
  });
});
