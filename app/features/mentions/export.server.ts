import { once } from "node:events";
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { Services } from "~/core/context.server";
import { today } from "~/core/period";
import type { Reader } from "~/core/reader";
import { CSV_OPTIONS } from "~/lib/csv.server";
import { type Feed, feedRows } from "./feed.server";

const MAX_EXPORT_ROWS = 100_000;

const COLUMNS = [
  "id",
  "published_at",
  "source",
  "source_type",
  "author",
  "title",
  "text",
  "url",
  "language",
  "sentiment",
  "reach",
  "tags",
  "projects",
  "read",
  "starred",
  "archived",
] as const;

/**
 * A feed's mentions (its URL's search and filters, in the reader's scope) as CSV: UTF-8 with a BOM,
 * formula-like text neutralised, written as the rows arrive, at most 100 000 of them. The file is named
 * after today in the reader's zone.
 */
export function mentionsCsv(services: Services, reader: Reader, feed: Feed) {
  const csv = stringify({ ...CSV_OPTIONS, header: true, columns: [...COLUMNS] });
  (async () => {
    for await (const m of feedRows(services, reader, feed.where, MAX_EXPORT_ROWS)) {
      const row = [
        m.id,
        m.publishedAt,
        m.source,
        m.sourceType,
        m.author ?? "",
        m.title ?? "",
        m.text,
        m.url ?? "",
        m.language ?? "",
        m.sentiment,
        m.reach,
        m.tags.join(", "),
        m.projects.map((p) => p.name).join(", "),
        m.isRead,
        m.isStarred,
        m.isArchived,
      ];
      if (!csv.write(row)) await once(csv, "drain");
    }
    csv.end();
  })().catch((error: Error) => csv.destroy(error));
  return { fileName: `mentions-${today(reader.timeZone)}.csv`, body: Readable.toWeb(csv) as ReadableStream };
}
