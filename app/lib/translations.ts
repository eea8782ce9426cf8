/**
 * Text that exists in several interface languages, by field then language: `{ description: { ru: "…" } }`.
 * The demo workspace uses it so that every new user reads it in their language; a user's edit of a field
 * drops that field's translations (their own words are then what everyone sees).
 */
export type Translations = Record<string, Partial<Record<string, string>>>;

/** A row's field in the reader's language when it was written in several (demo content), else as stored. */
export function inLanguage<T extends { translations: Translations }, K extends keyof T & string>(
  row: T,
  field: K,
  language: string,
): T[K] {
  return (row.translations[field]?.[language] as T[K] | undefined) ?? row[field];
}

/** Drops the other languages of the fields a user has just written, so their own words are what everyone sees. */
export function withoutTranslations(translations: Translations, fields: string[]): Translations {
  return Object.fromEntries(Object.entries(translations).filter(([field]) => !fields.includes(field)));
}
