// Sentiment and language accuracy on the labelled sets (tests/fixtures/labelled-sentences*.tsv), per language:
// the figures of ADR 023. With AI_BASE_URL and AI_MODEL set, the model is measured instead of the lexicon
// (batches that fail fall back to the lexicon, as in ingestion; the log says so).
// `node scripts/eval-sentiment.ts [set …]`, e.g. `labelled-sentences-blind4.tsv`; all sets without arguments.
import { readdirSync, readFileSync } from "node:fs";
import { pino } from "pino";
import { detectLanguage, type Language } from "~/features/sources/language";
import { defaultClassifier } from "~/features/sources/llm-sentiment.server";
import { parseEnv } from "~/lib/env.server";

const fixtures = new URL("../tests/fixtures/", import.meta.url);
const sets =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync(fixtures)
        .filter((f) => f.startsWith("labelled-sentences") && f.endsWith(".tsv"))
        .sort();
const classify = defaultClassifier({ env: parseEnv(), log: pino() });
console.log(process.env.AI_BASE_URL && process.env.AI_MODEL ? `model ${process.env.AI_MODEL}` : "lexicon");

for (const set of sets) {
  const rows = readFileSync(new URL(set, fixtures), "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => line.split("\t") as [Language, string, string]);
  const labels = await classify(rows.map(([language, , text]) => ({ text, language })));
  const tally = new Map<string, { right: number; total: number; language: number }>();
  rows.forEach(([language, sentiment, text], i) => {
    const t = tally.get(language) ?? { right: 0, total: 0, language: 0 };
    t.total++;
    if (labels[i]?.sentiment === sentiment) t.right++;
    if (detectLanguage(text).language === language) t.language++;
    tally.set(language, t);
  });
  const all = [...tally.values()].reduce((a, t) => ({
    right: a.right + t.right,
    total: a.total + t.total,
    language: a.language + t.language,
  }));
  const perLanguage = [...tally].map(([l, t]) => `${l} ${t.right}/${t.total}`).join("  ");
  const percent = ((100 * all.right) / all.total).toFixed(1);
  console.log(
    `${set.padEnd(34)} ${perLanguage}  all ${all.right}/${all.total} (${percent} %)  language ${all.language}/${all.total}`,
  );
}
