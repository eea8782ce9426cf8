import { describe, expect, it } from "vitest";
import { lexiconClassifier, lexiconSentiment } from "~/features/sources/sentiment";
import { labelled } from "../fixtures/labelled";

const accuracy = (file: string) => {
  const rows = labelled(file);
  return rows.filter((r) => lexiconSentiment(r.text, r.language).sentiment === r.sentiment).length / rows.length;
};
const label = (text: string, language: "en" | "ru" | "uz" | "uz-Cyrl") => lexiconSentiment(text, language).sentiment;

describe("lexicon sentiment", () => {
  it("labels hand-written sentences: well where they use evaluative words, poorly where they do not", () => {
    // Measured: 200/200 on the development set (written with the lexicons); 72/80 on a set used once to widen
    // them; 32/40 on a set used for the second widening (25/40 before it); 17/40 on the final set, written
    // after the last change and never tuned on: every neutral right, complaints and praise without an
    // evaluative word ("my salary arrived two days late") come out neutral.
    expect(accuracy("labelled-sentences.tsv")).toBeGreaterThanOrEqual(0.95);
    expect(accuracy("labelled-sentences-holdout.tsv")).toBeGreaterThanOrEqual(0.85);
    expect(accuracy("labelled-sentences-fresh.tsv")).toBeGreaterThanOrEqual(0.75);
    expect(accuracy("labelled-sentences-final.tsv")).toBeGreaterThanOrEqual(0.4);
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

  it("keeps scores within −1…1 and says neutral with no evaluative words", async () => {
    const many = "terrible awful horrible worst scam ".repeat(50);
    expect(lexiconSentiment(many, "en").score).toBeGreaterThanOrEqual(-1);
    expect(lexiconSentiment("The branch opens at nine", "en")).toEqual({ sentiment: "neutral", score: 0 });
    expect(await lexiconClassifier([{ text: "Zo'r!", language: "uz" }])).toEqual([lexiconSentiment("Zo'r!", "uz")]);
  });
});
