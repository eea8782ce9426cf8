import { describe, expect, it } from "vitest";
import { detectLanguage } from "~/features/sources/language";
import { labelled } from "../fixtures/labelled";

const accuracy = (rows: ReturnType<typeof labelled>) =>
  rows.filter((r) => detectLanguage(r.text).language === r.language).length / rows.length;

describe("language detection", () => {
  it("tells English, Russian and Uzbek in both scripts apart on labelled sentences", () => {
    // Measured: 200/200, 80/80, 40/40 and 40/40.
    expect(accuracy(labelled("labelled-sentences.tsv"))).toBeGreaterThanOrEqual(0.97);
    expect(accuracy(labelled("labelled-sentences-holdout.tsv"))).toBeGreaterThanOrEqual(0.95);
    expect(accuracy(labelled("labelled-sentences-fresh.tsv"))).toBeGreaterThanOrEqual(0.95);
    expect(accuracy(labelled("labelled-sentences-final.tsv"))).toBeGreaterThanOrEqual(0.95);
  });

  it("does not take Uzbek Cyrillic for Russian, with or without ў қ ғ ҳ", () => {
    expect(detectLanguage("Ҳисоб тўланган бўлса ҳам алоқани узиб қўйди").language).toBe("uz-Cyrl");
    expect(detectLanguage("Нурбанк иловаси жуда яхши ишлайди ва бу бепул").language).toBe("uz-Cyrl");
    expect(detectLanguage("Нурбанк снова поднял комиссии за переводы между картами").language).toBe("ru");
  });

  it("reads Uzbek Latin with any apostrophe for oʻ and gʻ", () => {
    expect(detectLanguage("Yangi filial ochildi, navbat yo'q, hammasi tez bo'ldi").language).toBe("uz");
    expect(detectLanguage("Yangi filial ochildi, navbat yoʻq, hammasi tez boʻldi").language).toBe("uz");
    expect(detectLanguage("The new branch opened and there was no queue at all").language).toBe("en");
  });

  it("is not confident about short texts, and calls other scripts other", () => {
    expect(detectLanguage("Зўр!")).toEqual({ language: "uz-Cyrl", confident: true });
    expect(detectLanguage("Банк")).toMatchObject({ confident: false });
    expect(detectLanguage("ok")).toMatchObject({ confident: false });
    expect(detectLanguage("这家银行的服务很好")).toEqual({ language: "other", confident: true });
    expect(detectLanguage("👍 123")).toEqual({ language: "other", confident: false });
  });

  it("calls long texts in other Latin or Cyrillic languages other", () => {
    for (const text of [
      "Le service client de cette banque est vraiment lent.",
      "Die Bank hat die Gebühren wieder erhöht.",
      "Bu banka çok güzel hizmet veriyor, teşekkürler.",
      "El banco subió las comisiones otra vez.",
      "Банк қызметі өте жақсы, рахмет сіздерге.",
      "Банк знову підвищив комісію за перекази між картками.",
    ]) {
      expect(detectLanguage(text).language, text).toBe("other");
    }
  });
});
