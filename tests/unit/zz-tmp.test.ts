import { readFileSync } from "node:fs";
import { it } from "vitest";
import { lexiconSentiment } from "~/features/sources/sentiment";
import { detectLanguage } from "~/features/sources/language";
it("x", () => {
  const rows = readFileSync(process.env.FIX ?? "tests/fixtures/labelled-sentences.tsv", "utf8").split("\n").filter((l) => l && !l.startsWith("#")).map((l) => l.split("\t"));
  let ok = 0, lok = 0;
  const per: Record<string, [number, number]> = {};
  for (const [lang, label, text] of rows) {
    const d = detectLanguage(text!);
    if (d.language === lang) lok++; else console.log("LANG", lang, d.language, text);
    const r = lexiconSentiment(text!, lang as any);
    per[lang!] ??= [0, 0]; per[lang!]![1]++;
    if (r.sentiment === label) { ok++; per[lang!]![0]++; } else console.log("SENT", lang, label, r.sentiment, r.score, text);
  }
  console.log("lang", lok, "/", rows.length, "sent", ok, "/", rows.length, JSON.stringify(per));
});
