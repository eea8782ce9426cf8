import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES } from "~/i18n/config";

const root = path.resolve(import.meta.dirname, "../../locales");
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

function load(lng: string, ns: string): Map<string, string> {
  return flatten(JSON.parse(fs.readFileSync(path.join(root, lng, `${ns}.json`), "utf8")));
}

// Values that are the same in every language on purpose: names, placeholders and key symbols.
const SAME_IN_EVERY_LANGUAGE = new Set([
  "common:appName",
  "settings:appearance.fonts.inter",
  "settings:appearance.fonts.noto-sans",
  "settings:appearance.fonts.ibm-plex-sans",
]);

// i18next's plural suffixes (Intl.PluralRules categories): `key_one`, `key_few`, `key_many`, `key_other`.
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Each key without its plural suffix, with the plural categories it is written in (none for a plain key). */
function pluralBases(keys: Map<string, string>): Map<string, string[]> {
  const bases = new Map<string, string[]>();
  for (const key of keys.keys()) {
    const category = key.match(PLURAL)?.[1];
    const base = category ? key.replace(PLURAL, "") : key;
    bases.set(base, [...(bases.get(base) ?? []), ...(category ? [category] : [])]);
  }
  return bases;
}

describe("translations", () => {
  it("has SPEC §3's 14 namespaces, and those of the screens it does not show (ADR 028), in every language", () => {
    const spec = ["common", "navigation", "forms", "auth", "settings", "tables", "dashboard", "errors", "users"];
    spec.push("tasks", "pages", "projects", "ai-assistant", "reports");
    expect(NAMESPACES).toEqual(expect.arrayContaining(spec));
    for (const lng of LANGUAGES) {
      const files = fs.readdirSync(path.join(root, lng)).map((f) => f.replace(/\.json$/, ""));
      expect(files.sort(), lng).toEqual([...NAMESPACES].sort());
    }
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: every key exists in every language with its plural forms, and nothing is left in English`, () => {
      const english = load("en", ns);
      for (const lng of LANGUAGES.filter((l) => l !== "en")) {
        const other = load(lng, ns);
        // Every language carries the same keys, plural forms included (one/few/many/other everywhere), and
        // at least the forms its own rules pick.
        expect([...other.keys()].sort(), `${lng}/${ns} keys`).toEqual([...english.keys()].sort());
        const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
        for (const [base, forms] of pluralBases(other)) {
          if (forms.length > 0)
            expect(forms, `${lng}/${ns}:${base} plural forms`).toEqual(expect.arrayContaining(categories));
        }
        for (const [key, value] of other) {
          expect(value.trim(), `${lng}/${ns}:${key} is empty`).not.toBe("");
          const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
          expect(placeholders(value), `${lng}/${ns}:${key} placeholders`).toEqual(placeholders(english.get(key) ?? ""));
          if (!SAME_IN_EVERY_LANGUAGE.has(`${ns}:${key}`)) {
            expect(value, `${lng}/${ns}:${key} is still the English text`).not.toBe(english.get(key));
          }
        }
      }
    });
  }

  it("has plural forms that i18next picks by each language's rules", async () => {
    const { createInstance } = await import("i18next");
    const said = async (lng: string, count: number) => {
      const i18n = createInstance();
      await i18n.init({ lng, resources: { [lng]: { projects: Object.fromEntries(load(lng, "projects")) } } });
      return i18n.t("detail.volumeSummary", { ns: "projects", count, keySeparator: false });
    };
    expect(await said("en", 1)).toMatch(/^1 mention in/);
    expect(await said("en", 5)).toMatch(/^5 mentions in/);
    expect(await said("ru", 21)).toMatch(/^21 упоминание /);
    expect(await said("ru", 3)).toMatch(/^3 упоминания /);
    expect(await said("ru", 11)).toMatch(/^11 упоминаний /);
  });
});

/**
 * `locales/glossary.json`: per figure, its term in each language, the dictionary form first and then the
 * inflected forms a sentence may need. Every string whose English names the figure (the English term as whole
 * words) names it with that term in every language; `otherSenses` lists strings where the English word means
 * something else ("cannot reach one of its services").
 */
describe("the glossary of figures", () => {
  type Entry = Record<string, string[]> & { otherSenses?: string[]; avoid?: Record<string, string[]> };
  const glossary = JSON.parse(fs.readFileSync(path.join(root, "glossary.json"), "utf8")) as Record<string, Entry>;
  const all = (lng: string) =>
    new Map(NAMESPACES.flatMap((ns) => [...load(lng, ns)].map(([k, v]) => [`${ns}:${k}`, v])));
  const english = all("en");

  for (const [figure, entry] of Object.entries(glossary)) {
    it(`${figure}: one term per language, wherever a string names it`, () => {
      const named = new RegExp(`\\b(?:${(entry.en as string[]).join("|")})\\b`, "i");
      // A placeholder ("{{mentions}}") names nothing: the text put there does.
      const keys = [...english].filter(
        ([key, value]) => named.test(value.replace(/{{\w+}}/g, "")) && !entry.otherSenses?.includes(key),
      );
      expect(keys.length, `${figure} is named somewhere`).toBeGreaterThan(0);
      for (const lng of LANGUAGES.filter((l) => l !== "en")) {
        const forms = (entry[lng] as string[]).map((form) => form.toLowerCase());
        const strings = all(lng);
        const astray = keys
          .map(([key]) => [key, strings.get(key) ?? ""])
          .filter(([, value]) => !forms.some((form) => value.toLowerCase().includes(form)));
        expect(astray, `${lng} names ${figure} "${forms[0]}"`).toEqual([]);
      }
    });

    // A second word for the same thing ("eslatmalar" beside "tilga olinishlar") appears in no string at all.
    for (const [lng, words] of Object.entries(entry.avoid ?? {})) {
      it(`${figure}: ${lng} never says ${words.map((w) => `"${w}"`).join(" or ")}`, () => {
        const used = [...all(lng)].filter(([, value]) => words.some((w) => value.toLowerCase().includes(w)));
        expect(used, `${lng} names ${figure} "${entry[lng]?.[0]}" only`).toEqual([]);
      });
    }
  }
});
