import { once } from "node:events";
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { RouterContextProvider } from "react-router";
import { CSV_OPTIONS } from "~/lib/csv.server";
import type { CurrentUser } from "../../core/reader";
import { MAX_EXPORT_ROWS } from "./feed";
import { feedContext, feedRows, visibleProjects } from "./feed.server";

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
 * The feed's mentions (its URL's search and filters, in the user's scope) as CSV: UTF-8 with a BOM, formula-like
 * text neutralised, written as the rows arrive, at most 100 000 of them.
 */
export function exportCsv(context: Readonly<RouterContextProvider>, user: CurrentUser, url: URL, language: string) {
  const { where } = feedContext(context, user, url.searchParams);
  const csv = stringify({ ...CSV_OPTIONS, header: true, columns: [...COLUMNS] });
  (async () => {
    for await (const m of feedRows(where, visibleProjects(user), language, MAX_EXPORT_ROWS)) {
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
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(csv) as ReadableStream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="mentions-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
