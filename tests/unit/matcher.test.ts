import { describe, expect, it } from "vitest";
import { compileRules, createMatcher, type ProjectRules } from "~/core/matcher";
import { foldWords, tokenize } from "~/core/text";

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
    // Quoted, the excluded word is the exact word only (unquoted it would exclude "vakansiyalari" too).
    const r = { keywords: ["Uzum"], requiredWords: ["bank"], excludedWords: ['"vakansiya"'] };
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

describe("project matcher: word forms", () => {
  // [keyword, message text, language of the message, matches?]
  const table: Array<[string, string, string | undefined, boolean]> = [
    // Russian cases, Cyrillic text, Latin or Cyrillic keyword.
    ["Nurbank", "Клиенты Нурбанка жалуются на приложение", "ru", true],
    ["Nurbank", "Я доволен Нурбанком", "ru", true],
    ["Nurbank", "В Нурбанке снова очередь", "ru", true],
    ["Nurbank", "Звонил в Нурбанк утром", "ru", true],
    ["Нурбанк", "Кредиты Нурбанку не выдали", "ru", true],
    ["Korzinka", "Купил хлеб в Корзинке", "ru", true],
    ["Korzinka", "Скидки Корзинки на выходных", "ru", true],
    ["Korzinka", "Доволен Корзинкой", "ru", true],
    // Uzbek suffixes, Latin and Cyrillic, with and without apostrophes.
    ["Nurbank", "Nurbankning yangi ilovasi", "uz", true],
    ["Nurbank", "Nurbankda navbat katta", "uz", true],
    ["Nurbank", "Nurbank'ning filiali yopildi", "uz", true],
    ["Nurbank", "Nurbankka murojaat qildim", "uz", true],
    ["Nurbank", "Nurbankdagilar javob bermadi", "uz", true],
    ["Nurbank", "Нурбанкнинг иловаси ишламаяпти", "uz-Cyrl", true],
    ["Nurbank", "Нурбанкдан кредит олдим", "uz-Cyrl", true],
    ["Nurbank", "Нурбанкимиз энг яхши банк", "uz-Cyrl", true],
    ["Орзу Банк", "Orzu Bankning kartasi", "uz", true],
    ["TezPay", "TezPaydan pul oʻtkazdim", "uz", true],
    ["TezPay", "TezPay орқали тўладим", "uz-Cyrl", true],
    // Compounds and look-alikes are other words.
    ["Uzum", "Uzumbazar ochildi", "uz", false],
    ["Nurbank", "Nurbankomat emas, bankomat", "uz", false],
    ["Payme", "Paymentlar tizimi", "uz", false],
    ["Click", "Clicking the button fails", "en", false],
    ["Click", "Click's app is down", "en", true],
    ["bank", "banking news", "en", false],
    // orzular IS the plural of the common noun "orzu": unquoted it matches; quoted, only "Orzu".
    ["Orzu", "Orzular ushalsin", "uz", true],
    ['"Orzu"', "Orzular ushalsin", "uz", false],
    ['"Orzu"', "Orzu kartasi bilan toʻladim", "uz", true],
    ['"Nur"', "Nurning yangi filiali", "uz", false],
    ['"Nur"', "«Nur» doʻkoni ochildi", "uz", true],
    ["Nur", "Nuri bor yuz", "uz", true],
  ];

  it.each(table)("%s in %j (%s): %s", (keyword, text, language, expected) => {
    expect(match({ keywords: [keyword] }, text, { language: language as string })).toEqual(expected ? [keyword] : null);
  });

  it("with an unknown language any of the endings count", () => {
    expect(match({ keywords: ["Nurbank"] }, "Нурбанком")).toEqual(["Nurbank"]);
    expect(match({ keywords: ["Nurbank"] }, "Nurbankning")).toEqual(["Nurbank"]);
  });

  it("inflects only the last word of a phrase", () => {
    expect(match({ keywords: ["Uzum Market"] }, "Uzum Marketda chegirma", { language: "uz" })).toEqual(["Uzum Market"]);
    expect(match({ keywords: ["Uzum Market"] }, "Uzumda Market", { language: "uz" })).toBeNull();
  });

  it("applies the same rules to required and excluded words", () => {
    const r = { keywords: ["Nurbank"], requiredWords: ["karta"], excludedWords: ["vakansiya"] };
    expect(match(r, "Nurbank kartasi bilan toʻladim", { language: "uz" })).toEqual(["Nurbank", "karta"]);
    expect(match(r, "Nurbank kartasi: vakansiyalar", { language: "uz" })).toBeNull();
    expect(match(r, "Нурбанк: карты и вакансии", { language: "ru" })).toBeNull();
    expect(
      match({ ...r, excludedWords: ['"vakansiya"'] }, "Nurbank kartasi: vakansiyalar", { language: "uz" }),
    ).toEqual(["Nurbank", "karta"]);
  });

  it("returns spans that cover the inflected word in the title and the text", () => {
    const title = "Нурбанк";
    const text = "Вчера в Нурбанке и у Нурбанка";
    const result = compileRules({ keywords: ["Nurbank"], requiredWords: [], excludedWords: [], languages: [] })(
      tokenize({ title, text, language: "ru" }),
    );
    expect(result?.terms).toEqual(["Nurbank"]);
    expect(result?.spans.map((s) => [s.field, (s.field === "title" ? title : text).slice(s.start, s.end)])).toEqual([
      ["title", "Нурбанк"],
      ["text", "Нурбанке"],
      ["text", "Нурбанка"],
    ]);
  });
});
