import { describe, expect, it } from "vitest";
import { createMatcher, foldWords, type ProjectRules } from "~/features/projects/matcher";

const rules = (partial: Partial<ProjectRules>): ProjectRules => ({
  keywords: [],
  requiredWords: [],
  excludedWords: [],
  languages: [],
  ...partial,
});
const match = (r: Partial<ProjectRules>, text: string, extra: { title?: string; language?: string } = {}) =>
  createMatcher(rules(r))({ text, ...extra });

describe("project matcher", () => {
  it("matches any keyword, ignoring case, and says which", () => {
    expect(match({ keywords: ["Uzum", "Payme"] }, "PAYME ilovasi yangilandi")).toEqual(["Payme"]);
    expect(match({ keywords: ["Uzum", "Payme"] }, "Uzum va Payme hamkorlik")).toEqual(["Uzum", "Payme"]);
    expect(match({ keywords: ["Uzum"] }, "Click yangiliklari")).toBeNull();
  });

  it("matches whole words and phrases only", () => {
    expect(match({ keywords: ["uzum"] }, "Uzumbazar ochildi")).toBeNull();
    expect(match({ keywords: ["uzum"] }, "«Uzum», dedi u.")).toEqual(["uzum"]);
    expect(match({ keywords: ["Uzum Market"] }, "Yangi: UZUM   market filiali!")).toEqual(["Uzum Market"]);
    expect(match({ keywords: ["Uzum Market"] }, "Uzum Bank va market")).toBeNull();
  });

  it("ignores diacritics", () => {
    expect(match({ keywords: ["cafe"] }, "Le Café du Tashkent")).toEqual(["cafe"]);
    expect(match({ keywords: ["Türkiye"] }, "turkiye hava yollari")).toEqual(["Türkiye"]);
    // ё is a letter of its own in Uzbek Cyrillic (ёрдам = yordam), so it is not folded into е.
    expect(match({ keywords: ["yordam"] }, "Ёрдам маркази")).toEqual(["yordam"]);
  });

  it("treats Uzbek Latin and Cyrillic spellings as the same word, both ways", () => {
    expect(match({ keywords: ["Oʻzbekiston"] }, "Ўзбекистон темир йўллари")).toEqual(["Oʻzbekiston"]);
    expect(match({ keywords: ["Ўзбекистон"] }, "O'zbekiston temir yo'llari")).toEqual(["Ўзбекистон"]);
    expect(match({ keywords: ["yetkazib berish"] }, "Етказиб бериш тезлашди")).toEqual(["yetkazib berish"]);
    expect(match({ keywords: ["maʼlumot"] }, "Янги маълумот эълон қилинди")).toEqual(["maʼlumot"]);
    expect(match({ keywords: ["gʻalaba"] }, "Ғалаба куни")).toEqual(["gʻalaba"]);
    expect(match({ keywords: ["shahar", "qishloq"] }, "Шаҳар ва қишлоқ")).toEqual(["shahar", "qishloq"]);
    expect(foldWords("Ўзбекистон")).toEqual(foldWords("Oʻzbekiston"));
    expect(foldWords("чой")).toEqual(["choy"]);
  });

  it("needs every required word and no excluded word, also whole words", () => {
    const r = { keywords: ["Uzum"], requiredWords: ["bank"], excludedWords: ["vakansiya"] };
    expect(match(r, "Uzum bank kartasi")).toEqual(["Uzum", "bank"]);
    expect(match(r, "Uzum market")).toBeNull();
    expect(match(r, "Uzum bank vakansiya eʼlon qildi")).toBeNull();
    expect(match(r, "Uzum bank vakansiyalari")).toEqual(["Uzum", "bank"]);
    expect(match({ keywords: ["Uzum"], excludedWords: ["Вакансия"] }, "Uzum: vakansiya")).toBeNull();
  });

  it("looks at the title too, and keeps only the project's languages", () => {
    expect(match({ keywords: ["Humans"] }, "Tarif narxlari oshdi", { title: "Humans yangiliklari" })).toEqual([
      "Humans",
    ]);
    expect(
      match({ keywords: ["Humans"], languages: ["uz", "uz-Cyrl"] }, "Humans повышает тарифы", { language: "ru" }),
    ).toBeNull();
    expect(
      match({ keywords: ["Humans"], languages: ["uz", "uz-Cyrl"] }, "Humans tariflari", { language: "uz" }),
    ).toEqual(["Humans"]);
  });

  it("ignores empty terms", () => {
    expect(match({ keywords: ["", "  ", "Uzum"] }, "uzum")).toEqual(["Uzum"]);
    expect(match({ keywords: ["—"] }, "— —")).toBeNull();
  });
});
