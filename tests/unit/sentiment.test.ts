import { describe, expect, it } from "vitest";
import { lexiconClassifier, lexiconSentiment } from "~/features/sources/sentiment";
import { labelled } from "../fixtures/labelled";

const accuracy = (file: string) => {
  const rows = labelled(file);
  return rows.filter((r) => lexiconSentiment(r.text, r.language).sentiment === r.sentiment).length / rows.length;
};
const label = (text: string, language: "en" | "ru" | "uz" | "uz-Cyrl") => lexiconSentiment(text, language).sentiment;

describe("lexicon sentiment", () => {
  it("labels hand-written sentences, and says how well it does on text it was not tuned on", () => {
    // Measured (ADR 023, `node scripts/eval-sentiment.ts`), before → after the rework. Sets the lexicons were
    // tuned on: development 200 → 200/200, holdout 72 → 78/80, fresh 32 → 34/40, final 17 → 33/40, eval
    // 132 → 214/216 (written before reading the lexicons, then tuned on). Six blind sets of 84, each written
    // after a round of changes and measured once before the next round used it: 56 → 57, 38 → 51, 40 → 51,
    // 48 → 54, 45 → 63, 62 → 64. Unseen text: 57 % → 67 % over all six, 76 % over the last two. A model
    // (llm-sentiment.server.ts) is the way to 80 % and more.
    const atLeast: Array<[string, number]> = [
      ["", 0.99],
      ["-holdout", 0.95],
      ["-fresh", 0.8],
      ["-final", 0.8],
      ["-eval", 0.97],
      ["-blind", 0.92],
      ["-blind2", 0.88],
      ["-blind3", 0.84],
      ["-blind4", 0.84],
      ["-blind5", 0.92],
      ["-blind6", 0.74],
    ];
    for (const [set, figure] of atLeast) {
      const file = `labelled-sentences${set}.tsv`;
      expect(accuracy(file), file).toBeGreaterThanOrEqual(figure);
    }
  });

  it("lets the clause after “but” decide", () => {
    expect(label("The app is nice, but transfers have failed twice", "en")).toBe("negative");
    expect(label("Приложение удобное, но переводы не проходят", "ru")).toBe("negative");
    expect(label("Ilova chiroyli, lekin toʻlov amalga oshmadi", "uz")).toBe("negative");
    expect(label("Навбат узун эди, лекин ходимлар жуда хушмуомала", "uz-Cyrl")).toBe("positive");
  });

  it("reads an expected thing not happening as a complaint, and its happening as nothing special", () => {
    expect(label("The parcel never arrived", "en")).toBe("negative");
    expect(label("The parcel arrived on Monday", "en")).toBe("neutral");
    expect(label("Посылка так и не пришла", "ru")).toBe("negative");
    expect(label("Pul hali ham qaytarishmadi", "uz")).toBe("negative");
    expect(label("Filial soat 9 da ochiladi", "uz")).toBe("neutral");
    expect(label("Алоқа бир марта ҳам узилмади", "uz-Cyrl")).toBe("positive");
  });

  it("damps sentiment words in reported news", () => {
    expect(label("The ministry discussed complaints about utility billing", "en")).toBe("neutral");
    expect(label("I filed complaints about my utility billing", "en")).toBe("negative");
    expect(label("В банке сообщили, что делом о мошенничестве занимается полиция", "ru")).toBe("neutral");
  });

  it("takes no praise from a question, but hears a complaint in one", () => {
    expect(label("Does the Humo card work well in Kazakhstan?", "en")).toBe("neutral");
    expect(label("Why is roaming so expensive?", "en")).toBe("negative");
  });

  it("hears how long things took: done within a time is praise, waiting for one a complaint", () => {
    expect(label("Card issued in two days", "en")).toBe("positive");
    expect(label("No answer for two days", "en")).toBe("negative");
    expect(label("Карту выпустили за пару минут", "ru")).toBe("positive");
    expect(label("Уже две недели ждём ответа", "ru")).toBe("negative");
    expect(label("Kartani ikki kunda tayyorlashdi", "uz")).toBe("positive");
    expect(label("Ikki haftadan beri javob yoʻq", "uz")).toBe("negative");
    // A time that is only a date is neither.
    expect(label("Филиал откроется в следующем месяце", "ru")).toBe("neutral");
    expect(label("Келаси ойда янги филиал очилади", "uz-Cyrl")).toBe("neutral");
  });

  it("reads emoji in every language", () => {
    expect(label("Yangi ilova 👍", "uz")).toBe("positive");
    expect(label("Интернет опять 🙄", "ru")).toBe("negative");
  });

  it("does not carry a negation past “and”", () => {
    expect(label("Привезли не ту модель и отказываются менять", "ru")).toBe("negative");
  });

  it("turns sentiment around after a negation, in each language's word order", () => {
    expect(label("The app is good", "en")).toBe("positive");
    expect(label("The app is not good", "en")).toBe("negative");
    expect(label("Not bad at all", "en")).toBe("positive");
    expect(label("Приложение не удобное", "ru")).toBe("negative");
    expect(label("Вполне неплохо", "ru")).toBe("positive");
    expect(label("Ilova yaxshi emas", "uz")).toBe("negative");
    expect(label("Ilova yomon emas", "uz")).toBe("positive");
    expect(label("Operator yordam bermadi", "uz")).toBe("negative");
    expect(label("Илова яхши эмас", "uz-Cyrl")).toBe("negative");
    // Russian negative concord: "ничего не" is one negation.
    expect(label("С утра ничего не работает", "ru")).toBe("negative");
  });

  it("stops a negation at the end of the clause", () => {
    expect(label("No queue today, great service", "en")).toBe("positive");
    expect(label("Нет очереди, отличный сервис", "ru")).toBe("positive");
  });

  it("makes intensified words count more", () => {
    expect(lexiconSentiment("good", "en").score).toBeLessThan(lexiconSentiment("very good", "en").score);
    expect(lexiconSentiment("yaxshi", "uz").score).toBeLessThan(lexiconSentiment("juda yaxshi", "uz").score);
    expect(lexiconSentiment("плохо", "ru").score).toBeGreaterThan(lexiconSentiment("очень плохо", "ru").score);
  });

  it("scores Uzbek the same in both scripts, and inflected forms like their stem", () => {
    expect(lexiconSentiment("Xizmat juda yomon, dahshat", "uz")).toEqual(
      lexiconSentiment("Хизмат жуда ёмон, даҳшат", "uz-Cyrl"),
    );
    expect(label("Qulayligi uchun rahmat", "uz")).toBe("positive");
    expect(label("Отличного качества, спасибо", "ru")).toBe("positive");
  });

  it("does not read a sentiment word into a longer word that only starts like it", () => {
    // "aʼlo" (excellent) is not in "aloqani" (the connection).
    expect(label("Beeline aloqani uzdi", "uz")).not.toBe("positive");
  });

  it("hears praise and a fee cut in Uzbek, in both scripts (the demo's templates were read as complaints)", () => {
    // "maqta-" (to praise) was missing, and "oshdi" (rose) was a complaint whatever rose.
    const praise = "Foydalanuvchilar tezligini maqtamoqda, roʻyxatdan oʻtish 12% oshdi.";
    expect(label(praise, "uz")).toBe("positive");
    expect(label("Фойдаланувчилар тезлигини мақтамоқда, рўйхатдан ўтиш 12% ошди.", "uz-Cyrl")).toBe("positive");
    // "kam" (few) was read into "kamaytirdi" (reduced), and the fee itself counted against.
    const cut =
      "Nurbank komissiyalarni kamaytirdi\nNurbank QR toʻlovlar uchun komissiyani 12% ga kamaytirdi. Toshkentda tadbirkorlar bu sezilarli tejamkorlik ekanini aytmoqda.";
    expect(label(cut, "uz")).toBe("positive");
    expect(label("Нурбанк комиссияни 12% га камайтирди, бу сезиларли тежамкорлик.", "uz-Cyrl")).toBe("positive");
    // A price that rose is still bad news beside a complaint, and a reported price change alone is neither.
    expect(label("Korzinkada narxlar yana oshdi, qadoqlar esa kichraydi.", "uz")).toBe("negative");
    expect(label("Uzpost raised the price of domestic letters to 3,000 soum.", "en")).toBe("neutral");
    expect(label("Komissiyani kamaytirmadi, aksincha oshirdi, juda yomon", "uz")).toBe("negative");
  });

  it("keeps scores within −1…1 and says neutral with no evaluative words", async () => {
    const many = "terrible awful horrible worst scam ".repeat(50);
    expect(lexiconSentiment(many, "en").score).toBeGreaterThanOrEqual(-1);
    expect(lexiconSentiment("The branch opens at nine", "en")).toEqual({ sentiment: "neutral", score: 0 });
    expect(await lexiconClassifier([{ text: "Zo'r!", language: "uz" }])).toEqual([lexiconSentiment("Zo'r!", "uz")]);
  });
});
