// What a delivery or an imported row can fill, and the upload limit: shared by the import page (client code)
// and the server's checks, so it imports nothing.

export const ITEM_FIELDS = [
  "externalId",
  "url",
  "title",
  "text",
  "author",
  "publishedAt",
  "language",
  "reach",
  "tags",
] as const;
export type ItemField = (typeof ITEM_FIELDS)[number];

/** The largest upload (server/main.ts gives the import page the same body limit). */
export const MAX_IMPORT_BYTES = 10 * 1024 ** 2;
