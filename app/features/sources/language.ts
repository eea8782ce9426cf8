/**
 * The language of a message: en, ru, uz (Latin), uz-Cyrl, or other. franc-min's trigrams decide between
 * English, Russian and Uzbek; the script and a few letters and words settle what trigrams get wrong (franc
 * takes Uzbek Cyrillic without ў қ ғ ҳ for Russian). Other scripts, and long Latin texts clearly in another
 * language (French, Turkish…), are "other".
 */
import { franc, francAll } from "franc-min";
import { foldWord, foldWords } from "~/core/text";

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
// Common words that only one of the two languages writes in Cyrillic, folded as every word is (core/text).
const folded = (words: string) => new Set(words.split(" ").map(foldWord));
const UZBEK_WORDS = folded(
  "ва учун билан бу жуда эмас ҳам бор йўқ энг кейин лекин ёки шу деб эди экан керак мумкин янги яна бўлди бўлиб " +
    "қилди орқали бугун эртага кеча нега қачон қаерда мен менга менда сиз биз улар ҳамма ҳаммаси яхши ёмон " +
    "раҳмат доим ҳали нима қандай катта",
);
const RUSSIAN_WORDS = folded(
  "и в на не что с по для это как от из за но уже так его все всё при был была было были очень если или еще ещё " +
    "когда где почему зачем тут здесь опять снова нет да вы мы я он она они мне меня мой моя мои тоже только можно " +
    "нужно надо сегодня вчера завтра сейчас пожалуйста спасибо",
);
// Word endings only one of the two languages has, folded: Uzbek verb forms (-япти, -моқда, -маяпти),
// genitive -нинг and plural with case (-ларни); Russian reflexive verbs (-ться, -тся) and adjective endings
// (-ого, -его, -ому, -ему, -ые and -ие, -ая, -ую, -ший, -щий). Folding makes -ых, -ешь and -ишь look like
// Uzbek -их, -еш and -иш, so they are left out.
const UZBEK_ENDINGS = /(?:yapti|yapman|yapmiz|yapsiz|moqda|mayapti|maydi|ning|lari|larni|larga|larda|lardan)$/;
const RUSSIAN_ENDINGS = /(?:tsya|ogo|y?ego|omu|y?emu|iye|aya|uyu|shiy)$/;
// Uzbek Latin letters and spellings English does not have.
// "q" not in English "qu" + vowel, Uzbek-only words (not "bu", "bir": Turkish has them) and endings.
const UZBEK_LATIN = new RegExp(
  [
    String.raw`[og][ʻʼ'‘’\`]`,
    "q(?!u[aeio])",
    String.raw`\b(?:va|uchun|bilan|juda|emas|ham|bor|lekin|yoki|yangi|endi|hech|kerak|mumkin|umuman|yordam|qildi|edi|yana|bugun|ertaga|kecha|nega|menga|menda|mening|hammasi|yaxshi|yomon|rahmat|doim|hali|nima|katta)\b`,
    String.raw`\B(?:yapti|yapman|moqda|mayapti|maydi|larni|dagi)\b`,
  ].join("|"),
  "gi",
);
// English function words, for texts too short for trigrams.
const ENGLISH_WORDS =
  /\b(?:the|is|are|was|were|my|i|me|you|it|this|that|to|in|on|of|for|with|and|not|no|can|why|how|where|what|again|today)\b/gi;

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

  // Brand names are often written in Latin inside Cyrillic text ("Mobiuz лежит"): capitalised Latin words do not
  // make a text Latin.
  const latinLowercase = (text.match(/(?<!\p{L})\p{Ll}\p{L}*/gu) ?? [])
    .filter((w) => /^\p{Script=Latin}+$/u.test(w))
    .reduce((sum, w) => sum + w.length, 0);
  if (cyrillic > 0 && (cyrillic >= latin || cyrillic >= latinLowercase)) {
    if (OTHER_CYRILLIC.test(text)) return { language: "other", confident };
    if (UZBEK_CYRILLIC.test(text)) return { language: "uz-Cyrl", confident: true };
    const words = foldWords(text);
    const uzbek = words.filter((w) => UZBEK_WORDS.has(w) || UZBEK_ENDINGS.test(w)).length;
    const russian =
      words.filter((w) => RUSSIAN_WORDS.has(w) || RUSSIAN_ENDINGS.test(w)).length + (RUSSIAN_ONLY.test(text) ? 1 : 0);
    if (uzbek !== russian) return { language: uzbek > russian ? "uz-Cyrl" : "ru", confident };
    // Latin brand names must not vote in the trigrams.
    const cyrillicOnly = text.replace(/\p{Script=Latin}+/gu, " ");
    return {
      language: franc(cyrillicOnly, { only: ["rus", "uzn"], minLength: 1 }) === "uzn" ? "uz-Cyrl" : "ru",
      confident,
    };
  }
  // franc's Latin Uzbek profile writes oʻ with U+02BB; texts mostly use an ASCII apostrophe.
  const scores = francAll(text.replace(/([oOgG])['‘’`ʼ]/g, "$1ʻ"), { only: LATIN, minLength: 1 });
  const ours = scores.find(([code]) => code === "eng" || code === "uzn");
  const uzbekSigns = count(UZBEK_LATIN, text);
  const englishSigns = count(ENGLISH_WORDS, text);
  if (confident && !uzbekSigns && englishSigns < 2 && (!ours || ours[1] < OTHER_MARGIN))
    return { language: "other", confident };
  const uzbek = uzbekSigns === englishSigns ? ours?.[0] === "uzn" : uzbekSigns > englishSigns;
  return { language: uzbek ? "uz" : "en", confident };
}

/** An item's language: the one its collector gave, else the detected one, else (detection unsure) its source's. */
export function chooseLanguage(
  given: string | null | undefined,
  text: string,
  sourceLanguage: string | null,
): Language {
  const known = LANGUAGES.find((l) => l === given);
  if (known) return known;
  const detected = detectLanguage(text);
  const fallback = LANGUAGES.find((l) => l === sourceLanguage);
  return !detected.confident && fallback ? fallback : detected.language;
}
