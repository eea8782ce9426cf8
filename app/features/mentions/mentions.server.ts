// Mentions as the overview and the project page show them: the newest ones of a scope, and a project's
// chart, sources and latest mentions. Counting goes through core/count (ADR 043); who sees what through
// core/scope.
import { sql } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { countBy, countMentions, EVER, mentionSeries } from "~/core/count.server";
import { type Period, periodOf, presetDays, today } from "~/core/period";
import type { Reader } from "~/core/reader";
import { canSeeProject, inScope, mentionInScope, type ProjectScope } from "~/core/scope.server";
import { queryRows, uuidArray, uuids } from "~/core/sql.server";
import { messages, type Translations } from "~/db/schema";
import { inLanguage } from "~/lib/translations";
import { stackedAxis } from "~/ui/charts/geometry.server";

export type DayVolume = { day: string; positive: number; neutral: number; negative: number };
export type LatestMention = {
  id: string;
  title: string | null;
  text: string;
  url: string | null;
  author: string | null;
  publishedAt: Date;
  sentiment: string;
  source: string;
  /** The source's fields in other languages (demo sources), for `mentionsInLanguage`. */
  sourceTranslations: Translations;
  sourceType: string;
};

/** The columns every short list of mentions shows (the mention list, a report's top mentions), as Drizzle selects them. */
export const mentionCardColumns = {
  id: messages.id,
  title: messages.title,
  text: messages.text,
  url: messages.url,
  author: messages.author,
  publishedAt: messages.publishedAt,
  sentiment: messages.sentiment,
};

/** Latest mentions as the reader sees them: source names in their language where the demo wrote several. */
export function mentionsInLanguage(mentions: LatestMention[], language: string) {
  return mentions.map(({ sourceTranslations, ...m }) => ({
    ...m,
    source: inLanguage({ name: m.source, translations: sourceTranslations }, "name", language),
  }));
}

/** A series of days as the volume chart draws it. */
export function dayVolumes(series: Array<{ key: string } & Omit<DayVolume, "day">>): DayVolume[] {
  return series.map(({ key, positive, neutral, negative }) => ({ day: key, positive, neutral, negative }));
}

/** The value axis of a volume chart (ADR 029: on the server), for its days' or buckets' sentiment splits. */
export const volumeAxis = (series: Array<Omit<DayVolume, "day">>) =>
  stackedAxis(series.map((d) => d.positive + d.neutral + d.negative));

/**
 * The newest mentions of a scope, each once, archived ones left out ("all": of any project, as the feed of
 * all projects lists them).
 * Each project's newest links come from the feed index (a few rows per project, however many mentions there
 * are); only the winners are joined.
 */
export async function latestMentions({ db }: Services, scope: ProjectScope, limit: number): Promise<LatestMention[]> {
  if (scope !== "all" && scope.length === 0) return [];
  const newest =
    scope === "all"
      ? sql`SELECT m.id AS message_id, m.published_at FROM messages m
          WHERE NOT m.is_archived AND ${mentionInScope("all", sql`m.id`)} ORDER BY m.published_at DESC LIMIT ${limit}`
      : sql`SELECT DISTINCT ON (newest.message_id) newest.message_id, newest.published_at
          FROM projects p
          CROSS JOIN LATERAL (
            SELECT mp.message_id, mp.published_at FROM message_projects mp JOIN messages a ON a.id = mp.message_id
            WHERE mp.project_id = p.id AND NOT a.is_archived ORDER BY mp.published_at DESC LIMIT ${limit}
          ) newest
          WHERE ${inScope(scope, sql`p.id`)}`;
  const rows = await queryRows<Omit<LatestMention, "publishedAt"> & { publishedAt: Date | string }>(
    db,
    sql`
    SELECT m.id, m.title, m.text, m.url, m.author, m.published_at AS "publishedAt", m.sentiment,
      s.name AS source, s.translations AS "sourceTranslations", s.type AS "sourceType"
    FROM (${newest}) links
    JOIN messages m ON m.id = links.message_id
    JOIN sources s ON s.id = m.source_id
    ORDER BY links.published_at DESC, m.id
    LIMIT ${limit}`,
  );
  return rows.map((row) => ({ ...row, publishedAt: new Date(row.publishedAt) }));
}

/** The sources that brought a scope the most mentions, ever, with how many each brought. */
export async function topSources({ db }: Services, scope: ProjectScope, limit: number, language: string) {
  const counts = [...(await countBy(db, { scope, ...EVER }, "source"))]
    .filter(([, totals]) => totals.total > 0)
    .sort((a, b) => b[1].total - a[1].total)
    .slice(0, limit);
  if (counts.length === 0) return [];
  const named = await queryRows<{ id: string; name: string; translations: Translations; type: string }>(
    db,
    sql`SELECT id, name, translations, type FROM sources WHERE id = ANY(${uuidArray(uuids(counts.map(([id]) => id)))})`,
  );
  const byId = new Map(named.map((s) => [s.id, s]));
  return counts.flatMap(([id, totals]) => {
    const source = byId.get(id);
    return source
      ? [{ id, name: inLanguage(source, "name", language), type: source.type, mentions: totals.total }]
      : [];
  });
}

/** The project page's mentions: the reader's last 30 days per day, the latest mentions, the feeding sources. */
export async function projectActivity(services: Services, reader: Reader, projectId: string, now = new Date()) {
  if (!canSeeProject(reader, projectId)) return null;
  const period: Period = periodOf(presetDays("30", today(reader.timeZone, now)), reader.timeZone, "30");
  const scope = [projectId];
  const [totals, volume, recent, sources] = await Promise.all([
    // The period's total as the feed, the overview and analytics count it (core/count).
    countMentions(services.db, { scope, start: period.start, end: period.end }),
    mentionSeries(services.db, { scope }, period),
    latestMentions(services, scope, 8),
    topSources(services, scope, 12, reader.language),
  ]);
  return {
    period: { from: period.from, to: period.to, preset: "30" as const },
    total: totals.total,
    volume: dayVolumes(volume),
    volumeAxis: volumeAxis(volume),
    recent: mentionsInLanguage(recent, reader.language),
    sources,
  };
}
