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
    it(`${ns}: every key exists in every language, and nothing is left in English`, () => {
      const english = load("en", ns);
      for (const lng of LANGUAGES.filter((l) => l !== "en")) {
        const other = load(lng, ns);
        expect([...other.keys()].sort(), `${lng}/${ns} keys`).toEqual([...english.keys()].sort());
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
});
