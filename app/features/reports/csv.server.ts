import { stringify } from "csv-stringify/sync";
import { CSV_OPTIONS } from "~/lib/csv.server";
import { type ReportSnapshot, SENTIMENT_ORDER } from "./snapshot";

const KPIS = ["mentions", "reach", "positive", "negative", "net"] as const;

/**
 * The report's tables as one CSV (UTF-8 with a BOM, for spreadsheets and Cyrillic): one row per figure,
 * `section,item,value,previous,reach` — every section the report shows, in its order, from its snapshot.
 */
export function reportCsv(s: ReportSnapshot): string {
  const rows: Array<[string, string, number | string, number | string, number | string]> = [];
  for (const section of s.sections) {
    switch (section) {
      case "kpis":
        // In the document's order (a stored jsonb object keeps its keys in an order of its own).
        for (const id of KPIS) rows.push([section, id, s.kpis[id].value ?? "", s.kpis[id].previous ?? "", ""]);
        break;
      case "volume":
        for (const d of s.volume)
          for (const k of ["positive", "neutral", "negative"] as const)
            rows.push([section, `${d.day} ${k}`, d[k], "", ""]);
        break;
      case "sentiment":
        for (const k of SENTIMENT_ORDER) rows.push([section, k, s.sentiment[k], s.previousSentiment?.[k] ?? "", ""]);
        break;
      case "share_of_voice":
        for (const p of s.shareOfVoice) rows.push([section, p.name || p.id, p.mentions, "", ""]);
        break;
      case "top_sources":
        for (const r of s.topSources) rows.push([section, r.name, r.mentions, r.previous ?? "", r.reach]);
        break;
      case "top_authors":
        for (const r of s.topAuthors) rows.push([section, r.name, r.mentions, r.previous ?? "", r.reach]);
        break;
      case "trending_terms":
        for (const r of s.topics.rows) rows.push([section, r.name, r.mentions, r.previous ?? "", ""]);
        break;
      case "top_mentions":
        for (const m of s.topMentions) rows.push([section, m.url ?? m.title ?? m.text.slice(0, 100), "", "", m.reach]);
        break;
      case "notes":
        break;
    }
  }
  return stringify(rows, { ...CSV_OPTIONS, header: true, columns: ["section", "item", "value", "previous", "reach"] });
}
