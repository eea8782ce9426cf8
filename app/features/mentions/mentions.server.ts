// Mentions: which messages are linked to which projects, and the queries that read them back. Callers
// pass project ids they have already checked the user may see (see features/projects).
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { getDb, queryRows } from "../../db/client.server.ts";
import { dailyRollups, messageProjects, messages, sources, type Translations } from "../../db/schema.ts";
import { inLanguage } from "../../lib/translations.ts";

let generation = 0;

/** Counts changes to the stored mentions or their links, so read caches know when to drop their figures. */
export function mentionsChanged() {
  generation += 1;
}

export function mentionsGeneration() {
  return generation;
}

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

/** Latest mentions as the reader sees them: source names in their language where the demo wrote several. */
export function mentionsInLanguage(mentions: LatestMention[], language: string) {
  return mentions.map(({ sourceTranslations, ...m }) => ({
    ...m,
    source: inLanguage({ name: m.source, translations: sourceTranslations }, "name", language),
  }));
}

/** Mentions of these projects per UTC day for the last 30 days, by sentiment (from the rollups). */
export async function volumeLast30Days(projectIds: string[]): Promise<DayVolume[]> {
  const rollups = await getDb()
    .select({
      day: dailyRollups.day,
      sentiment: dailyRollups.sentiment,
      count: sql<number>`sum(${dailyRollups.count})::int`,
    })
    .from(dailyRollups)
    .where(
      and(
        inArray(dailyRollups.projectId, projectIds),
        gte(dailyRollups.day, sql`(now() AT TIME ZONE 'UTC')::date - 29`),
      ),
    )
    .groupBy(dailyRollups.day, dailyRollups.sentiment);
  const today = new Date();
  return Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 29 + i))
      .toISOString()
      .slice(0, 10);
    const of = (s: string) => Number(rollups.find((r) => r.day === day && r.sentiment === s)?.count ?? 0);
    return { day, positive: of("positive"), neutral: of("neutral"), negative: of("negative") };
  });
}

/**
 * The newest mentions of these projects, each once. Each project's newest links come from the feed
 * index (a few rows per project, however many mentions there are); only the winners are joined.
 */
export async function latestMentions(projectIds: string[], limit: number): Promise<LatestMention[]> {
  if (projectIds.length === 0) return [];
  const ids = sql`ARRAY[${sql.join(
    projectIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const rows = await queryRows<Omit<LatestMention, "publishedAt"> & { publishedAt: Date | string }>(sql`
    SELECT m.id, m.title, m.text, m.url, m.author, m.published_at AS "publishedAt", m.sentiment,
      s.name AS source, s.translations AS "sourceTranslations", s.type AS "sourceType"
    FROM (
      SELECT DISTINCT ON (newest.message_id) newest.message_id, newest.published_at
      FROM unnest(${ids}) AS p(id)
      CROSS JOIN LATERAL (
        SELECT mp.message_id, mp.published_at FROM message_projects mp
        WHERE mp.project_id = p.id ORDER BY mp.published_at DESC LIMIT ${limit}
      ) newest
    ) links
    JOIN messages m ON m.id = links.message_id
    JOIN sources s ON s.id = m.source_id
    ORDER BY links.published_at DESC, m.id
    LIMIT ${limit}`);
  return rows.map((row) => ({ ...row, publishedAt: new Date(row.publishedAt) }));
}

/** The sources that fed a project most, with how many of its mentions each brought. */
export async function topSources(projectId: string, limit: number, language: string) {
  const rows = await getDb()
    .select({
      id: sources.id,
      name: sources.name,
      translations: sources.translations,
      type: sources.type,
      mentions: sql<number>`count(*)::int`,
    })
    .from(messageProjects)
    .innerJoin(messages, eq(messages.id, messageProjects.messageId))
    .innerJoin(sources, eq(sources.id, messages.sourceId))
    .where(eq(messageProjects.projectId, projectId))
    .groupBy(sources.id, sources.name, sources.type)
    .orderBy(desc(sql`count(*)`))
    .limit(limit);
  return rows.map(({ translations, ...s }) => ({
    ...s,
    name: inLanguage({ name: s.name, translations }, "name", language),
    mentions: Number(s.mentions),
  }));
}
