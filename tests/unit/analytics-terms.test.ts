import { describe, expect, it } from "vitest";
import { countTerms, trending } from "~/features/analytics/terms";

const texts = (...all: string[]) => all.map((text) => ({ title: null, text }));
const top = (current: string[], previous: string[] = []) =>
  trending(countTerms(texts(...current)), countTerms(texts(...previous)), { minCount: 2 });

describe("trending terms", () => {
  it("leaves out English stop words and counts a term once per mention", () => {
    const counted = countTerms(texts("The app and the app again", "An app for the people"));
    expect(counted.terms.get("app")?.count).toBe(2);
    expect(counted.terms.has("the")).toBe(false);
    expect(counted.terms.has("and")).toBe(false);
  });

  it("finds Russian terms without Russian stop words", () => {
    const found = top(["Очередь в отделении и снова очередь", "Очередь у банкомата", "Это не очередь"]);
    expect(found[0]).toEqual({ term: "очередь", count: 3, previous: 0 });
    expect(found.map((t) => t.term.toLowerCase())).not.toContain("это");
  });

  it("counts Uzbek Latin and Cyrillic spellings as one term, under the commoner spelling", () => {
    const found = top([
      "Ilova ishlamayapti va yana ilova",
      "Илова ишламаяпти",
      "Ilova yangilandi bilan",
      "Ilova ishlamayapti",
    ]);
    expect(found).toContainEqual({ term: "Ilova", count: 4, previous: 0 });
    expect(found).toContainEqual({ term: "Ilova ishlamayapti", count: 3, previous: 0 });
    const words = found.map((t) => t.term.toLowerCase());
    expect(words).not.toContain("va");
    expect(words).not.toContain("bilan");
  });

  it("drops Uzbek Cyrillic stop words", () => {
    const counted = countTerms(texts("Бу ҳам карта учун эмас, карта билан"));
    expect([...counted.terms.keys()].sort()).toEqual(["karta"]);
  });

  it("ranks by the rise against the previous period's rate, not by size", () => {
    const found = top(
      ["delay delay", "delay", "fees fees", "fees", "fees", "fees"],
      ["fees", "fees", "fees", "fees", "nothing", "else"],
    );
    // fees: 4 now against 4 of 6 before (4 expected): no rise. delay: 2 against none.
    expect(found).toEqual([{ term: "delay", count: 2, previous: 0 }]);
  });
});
