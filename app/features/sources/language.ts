/**
 * The language of a message: en, ru, uz (Latin), uz-Cyrl, or other. franc-min's trigrams decide between
 * English, Russian and Uzbek; the script and a few letters and words settle what trigrams get wrong (franc
 * takes Uzbek Cyrillic without ў қ ғ ҳ for Russian). Other scripts, and long Latin texts clearly in another
 * language (French, Turkish…), are "other".
 */
import { franc, francAll } from "franc-min";

export type Language = "en" | "ru" | "uz" | "uz-Cyrl" | "other";
export const LANGUAGES: readonly Language[] = ["en", "ru", "uz", "uz-Cyrl", "other"];

export interface DetectedLanguage {
  language: Language;
  /** False for short texts (under ~20 letters) where a guess is a guess: a source's language should win. */
  confident: boolean;
}

const MIN_CONFIDENT_LETTERS = 20;
// Letters of one alphabet only: ў қ ғ ҳ are Uzbek, ы щ Russian (Uzbek writes neither).
const UZBEK_CYRILLIC = /[ўқғҳ]/i;
const RUSSIAN_ONLY = /[ыщ]/i;
// Kazakh, Kyrgyz, Tajik and Ukrainian letters that neither Russian nor Uzbek writes.
const OTHER_CYRILLIC = /[әіңүұөһӣӯҷїєґ]/i;
// Common words that only one of the two languages writes in Cyrillic.
const UZBEK_WORDS = new Set(
  "ва учун билан бу жуда эмас ҳам бор йўқ энг кейин лекин ёки шу деб эди экан керак мумкин янги яна бўлди бўлиб қилди орқали".split(
    " ",
  ),
);
const RUSSIAN_WORDS = new Set(
  "и в на не что с по для это как от из за но уже так его все при был была было были очень если или еще ещё".split(" "),
);
// Uzbek Latin letters and spellings English does not have.
const UZBEK_LATIN =
  /[oOgG][ʻʼ'‘’`]|\b(?:va|uchun|bilan|juda|emas|ham|bor|yoʻq|yo'q|lekin|yoki|yangi|boʻldi|endi|hech|kerak|mumkin|umuman|yordam|qildi|edi)\b/i;

// Latin-script languages that franc tells from English and Uzbek: a long text clearly closer to one of them
// (English and Uzbek under 70 % of its score, measured on our labelled sentences) is "other".
const LATIN = ["eng", "uzn", "tur", "deu", "fra", "spa", "ita", "por", "nld", "pol", "ind", "vie"];
const OTHER_MARGIN = 0.7;

function count(pattern: RegExp, text: string) {
  return text.match(pattern)?.length ?? 0;
}

export function detectLanguage(text: string): DetectedLanguage {
  const cyrillic = count(/\p{Script=Cyrillic}/gu, text);
  const latin = count(/\p{Script=Latin}/gu, text);
  const letters = count(/\p{L}/gu, text);
  const confident = cyrillic + latin >= MIN_CONFIDENT_LETTERS;
  if (letters === 0 || cyrillic + latin < letters / 2) return { language: "other", confident: letters > 0 };

  if (cyrillic >= latin) {
    if (OTHER_CYRILLIC.test(text)) return { language: "other", confident };
    if (UZBEK_CYRILLIC.test(text)) return { language: "uz-Cyrl", confident: true };
    const words = text.toLowerCase().split(/[^\p{L}]+/u);
    const uzbek = words.filter((w) => UZBEK_WORDS.has(w)).length;
    const russian = words.filter((w) => RUSSIAN_WORDS.has(w)).length + (RUSSIAN_ONLY.test(text) ? 1 : 0);
    if (uzbek !== russian) return { language: uzbek > russian ? "uz-Cyrl" : "ru", confident };
    return { language: franc(text, { only: ["rus", "uzn"], minLength: 1 }) === "uzn" ? "uz-Cyrl" : "ru", confident };
  }
  // franc's Latin Uzbek profile writes oʻ with U+02BB; texts mostly use an ASCII apostrophe.
  const scores = francAll(text.replace(/([oOgG])['‘’`ʼ]/g, "$1ʻ"), { only: LATIN, minLength: 1 });
  const ours = scores.find(([code]) => code === "eng" || code === "uzn");
  const uzbekSigns = UZBEK_LATIN.test(text);
  if (confident && !uzbekSigns && (!ours || ours[1] < OTHER_MARGIN)) return { language: "other", confident };
  return { language: ours?.[0] === "uzn" || (uzbekSigns && !confident) ? "uz" : "en", confident };
}
