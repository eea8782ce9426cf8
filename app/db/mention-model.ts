/** What a stored mention is described by; plain data shared by the database schema, the server and the pages. */

export const SENTIMENTS = ["positive", "neutral", "negative"] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

export const SOURCE_TYPES = ["rss", "atom", "telegram", "website", "webhook", "manual"] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** The languages totals are counted by (the rollups' `kuzatuv_rollup_language`): `other` is any other or unknown. */
export const MESSAGE_LANGUAGES = ["en", "ru", "uz", "uz-Cyrl", "other"] as const;
