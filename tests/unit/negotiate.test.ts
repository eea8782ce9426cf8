import { describe, expect, it } from "vitest";
import { negotiateLanguage } from "~/i18n/negotiate";

describe("negotiateLanguage (Accept-Language)", () => {
  it.each([
    ["ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"],
    ["ru-RU,en;q=0.5", "ru"],
    ["en-GB,en;q=0.9", "en"],
    ["uz-Cyrl-UZ,uz;q=0.9", "uz-Cyrl"],
    ["uz-cyrl", "uz-Cyrl"],
    ["uz-UZ,ru;q=0.8", "uz"],
    ["uz-Latn-UZ", "uz"],
    ["fr-FR,de;q=0.9,ru;q=0.1", "ru"],
    ["en;q=0.2,ru;q=0.8", "ru"],
  ])("%s → %s", (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });

  it("returns null when nothing is supported or the header is missing", () => {
    expect(negotiateLanguage("fr-FR,de;q=0.9")).toBeNull();
    expect(negotiateLanguage("ru;q=0")).toBeNull();
    expect(negotiateLanguage(null)).toBeNull();
    expect(negotiateLanguage("*")).toBeNull();
  });
});
