// Highlighting a mention (issue 29): a project's terms are marked exactly where the matcher matched them, the
// search's words as the search finds them.
import { describe, expect, it } from "vitest";
import { queryTree } from "~/core/query";
import { highlight, needlesOf, snippet } from "~/core/search";

const marks = (segments: Array<{ text: string; mark: boolean }>) => segments.filter((s) => s.mark).map((s) => s.text);

describe("a project's matched terms", () => {
  it("mark the phrase the matcher found, not another word that starts the same way", () => {
    const needles = needlesOf(null, ["Ипотека Банк"]);
    const text = "Ипотека Банк снизил ставки по ипотечным кредитам; клиенты Ипотека Банка довольны.";
    expect(marks(highlight(text, needles, "ru"))).toEqual(["Ипотека Банк", "Ипотека Банка"]);
  });

  it("mark inflected forms in the mention's language, and a quoted term only as written", () => {
    expect(marks(highlight("Nurbankning yangi filiali. Nurbanklar.", needlesOf(null, ["Nurbank"]), "uz"))).toEqual([
      "Nurbankning",
      "Nurbanklar",
    ]);
    expect(marks(highlight("Nur and Nurbank", needlesOf(null, ['"Nur"']), "en"))).toEqual(["Nur"]);
  });

  it("join a search word inside a matched phrase into one mark, and keep the search's own prefixes", () => {
    const needles = needlesOf(queryTree("банк ставк*"), ["Ипотека Банк"]);
    const segments = highlight("Ипотека Банк снизил ставки.", needles, "ru");
    expect(marks(segments)).toEqual(["Ипотека Банк", "ставки"]);
    expect(segments.map((s) => s.text).join("")).toBe("Ипотека Банк снизил ставки.");
  });

  it("are found in a long text's snippet too", () => {
    const text = `${"Вступление. ".repeat(40)}Ипотека Банк выдал рекордный объём ипотечных кредитов.`;
    expect(marks(snippet(text, needlesOf(null, ["Ипотека Банк"]), "ru"))).toEqual(["Ипотека Банк"]);
  });
});
