// Subjects a topic may be about, across languages and scripts (issue 36 item 3, ADR 055): the phrases
// topics finds are folded and de-inflected per language, so "app update", "обновление приложения" and
// "ilova yangilanishi" come out as three topics. A subject names its base forms in each language; topics
// whose phrases are one of them become one row, labelled in the reader's language, linked with the feed's
// OR over one base form per language (Uzbek in Latin only: the feed folds Cyrillic to the same words).
import { foldWords, stripEndings } from "~/core/text";
import { isStopWord } from "./stop-words";

export type SubjectLanguage = "en" | "ru" | "uz" | "uz-Cyrl";

export interface Subject {
  id: string;
  /** Base forms per language, the most common first: the label is the first in the reader's language. */
  forms: Record<SubjectLanguage, readonly string[]>;
}

export const SUBJECTS: readonly Subject[] = [
  {
    id: "qr-fee",
    forms: {
      en: ["QR fee", "QR payment fee"],
      ru: ["комиссия за QR", "комиссия за QR-платежи"],
      uz: ["QR komissiyasi", "QR toʻlov komissiyasi"],
      "uz-Cyrl": ["QR комиссияси", "QR тўлов комиссияси"],
    },
  },
  {
    id: "mortgage-rate",
    forms: {
      en: ["mortgage rate"],
      ru: ["ставка по ипотеке", "ипотечная ставка"],
      uz: ["ipoteka stavkasi"],
      "uz-Cyrl": ["ипотека ставкаси"],
    },
  },
  {
    id: "app-update",
    forms: {
      en: ["app update"],
      ru: ["обновление приложения"],
      uz: ["ilova yangilanishi"],
      "uz-Cyrl": ["илова янгиланиши"],
    },
  },
];

/** The languages a subject's link searches in: one script each. */
const SEARCHED: readonly SubjectLanguage[] = ["en", "ru", "uz"];

/** A phrase's content words, folded and de-inflected. */
const stems = (phrase: string) =>
  foldWords(phrase)
    .filter((word) => !isStopWord(word))
    .map(stripEndings);

/** Two de-inflected words are one when equal, or one begins the other (ипотек/ipoteka, fee/fees). */
const same = (a: string, b: string) =>
  a === b || (Math.min(a.length, b.length) >= 3 && (a.startsWith(b) || b.startsWith(a)));

/** The subject a phrase is about: every content word of one of its forms is in the phrase. */
export function subjectOf(phrase: string, subjects: readonly Subject[] = SUBJECTS): Subject | null {
  const words = stems(phrase);
  if (words.length === 0) return null;
  for (const subject of subjects) {
    for (const form of Object.values(subject.forms).flat()) {
      if (stems(form).every((w) => words.some((x) => same(w, x)))) return subject;
    }
  }
  return null;
}

/** The subject's label in the reader's language (English when it has none there). */
export function subjectLabel(subject: Subject, language: string): string {
  const forms = subject.forms[language as SubjectLanguage] ?? subject.forms.en;
  return forms[0] as string;
}

/**
 * The feed's search for a subject: each of its forms in each searched language, content words only, joined by
 * OR, so the link finds the subject in any language and either Uzbek script.
 */
export function subjectSearch(subject: Subject): string {
  const alternatives = SEARCHED.flatMap((language) =>
    subject.forms[language].map((form) =>
      foldable(form)
        .filter((word) => !isStopWord(foldWords(word)[0] ?? ""))
        .join(" "),
    ),
  );
  return [...new Set(alternatives)].join(" OR ");
}

/** A form's words as written (hyphenated ones apart). */
const foldable = (form: string) => form.split(/[\s-]+/).filter(Boolean);
