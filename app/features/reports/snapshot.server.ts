import { and, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { projectAudience } from "../../core/reader";
import { getDb } from "../../db/client.server";
import { messageProjects, messages, projects, type reports, sources } from "../../db/schema";
import { getEnv } from "../../lib/env.server";
import { inLanguage } from "../../lib/translations";
import {
  type AnalyticsScope,
  kpis,
  shareOfVoice,
  topAuthors,
  topSources,
  trendingTerms,
  volume,
} from "../analytics/queries.server";
import { reportRange } from "./periods";
import type { ReportSnapshot, SnapshotMention } from "./snapshot";

type Report = typeof reports.$inferSelect;

/** How many rows a table section keeps. */
const TABLE_ROWS = 10;

/**
 * The report's contents as they are now, from the analytics queries over its project and period (in its
 * time zone and language) and its top mentions.
 */
export async function buildSnapshot(report: Report, now: Date): Promise<ReportSnapshot> {
  const db = getDb();
  const [project] = await db.select().from(projects).where(eq(projects.id, report.projectId));
  if (!project) throw new Error(`Project ${report.projectId} does not exist`);
  const range = reportRange({ from: report.periodStart, to: report.periodEnd }, report.timeZone);
  const scope: AnalyticsScope = {
    scope: [project.id],
    timeZone: report.timeZone,
    start: range.start,
    end: range.end,
  };
  const previous = { ...scope, start: range.previous.start, end: range.previous.end };
  const wants = (section: Report["sections"][number]) => report.sections.includes(section);
  // Whoever reads the report is a member of its project: a competitor is named only if that alone shows it.
  const reader = projectAudience(project.id);
  const language = report.language;

  const [current, before, days, voice, sourcesTop, authorsTop, terms, mentions] = await Promise.all([
    kpis({ db }, scope),
    kpis({ db }, previous),
    wants("volume") ? volume({ db }, scope, "day") : [],
    wants("share_of_voice") ? shareOfVoice({ db }, reader, scope, language, "day") : { entries: [] },
    wants("top_sources") ? topSources({ db }, scope, language, TABLE_ROWS) : [],
    wants("top_authors") ? topAuthors({ db }, scope, TABLE_ROWS) : [],
    wants("trending_terms") ? trendingTerms({ db }, scope, previous, { limit: TABLE_ROWS }) : [],
    wants("top_mentions") ? topMentions(report, range, language) : [],
  ]);

  return {
    version: 1,
    generatedAt: now.toISOString(),
    workspace: getEnv().WORKSPACE_NAME,
    project: { id: project.id, name: inLanguage(project, "name", language), color: project.color },
    period: {
      from: report.periodStart,
      to: report.periodEnd,
      previousFrom: range.previous.from,
      previousTo: range.previous.to,
      timeZone: report.timeZone,
    },
    sections: report.sections,
    kpis: {
      mentions: { value: current.mentions, previous: before.mentions },
      reach: { value: current.reach, previous: before.reach },
      positive: { value: current.positive, previous: before.positive },
      negative: { value: current.negative, previous: before.negative },
      net: { value: current.net, previous: before.net },
    },
    volume: days.map((d) => ({ day: d.key, positive: d.positive, neutral: d.neutral, negative: d.negative })),
    sentiment: { positive: current.positive, neutral: current.neutral, negative: current.negative },
    shareOfVoice: voice.entries.map((e) => ({
      id: e.key,
      // `other`: competitors a member of the project may not see, together and unnamed.
      name: e.name ?? "",
      color: e.color ?? "#9aa3b2",
      mentions: e.count,
    })),
    topSources: sourcesTop.map((s) => ({ name: s.name, type: s.type, mentions: s.count, reach: s.reach })),
    topAuthors: authorsTop.map((a) => ({ name: a.author, mentions: a.count, reach: a.reach })),
    trendingTerms: terms.map((t) => ({ term: t.term, count: t.count, previous: t.previous })),
    topMentions: mentions,
    notes: wants("notes") ? report.notes : null,
  };
}

/**
 * The mentions chosen by hand (those of the project, in the order chosen), else the period's N with the
 * most reach; archived ones are left out of the ranking.
 */
async function topMentions(
  report: Report,
  range: { start: Date; end: Date },
  language: string,
): Promise<SnapshotMention[]> {
  const chosen = report.topMentionIds;
  const rows = await getDb()
    .select({
      id: messages.id,
      title: messages.title,
      text: messages.text,
      url: messages.url,
      author: messages.author,
      source: sources.name,
      sourceTranslations: sources.translations,
      publishedAt: messages.publishedAt,
      sentiment: messages.sentiment,
      reach: messages.reach,
    })
    .from(messageProjects)
    .innerJoin(messages, eq(messages.id, messageProjects.messageId))
    .innerJoin(sources, eq(sources.id, messages.sourceId))
    .where(
      and(
        eq(messageProjects.projectId, report.projectId),
        chosen.length
          ? inArray(messages.id, chosen)
          : and(
              gte(messageProjects.publishedAt, range.start),
              lt(messageProjects.publishedAt, range.end),
              eq(messages.isArchived, false),
            ),
      ),
    )
    .orderBy(desc(messages.reach), desc(messages.publishedAt), desc(messages.id))
    .limit(chosen.length ? chosen.length : report.topMentionsCount);
  const shaped = rows.map(
    ({ sourceTranslations, ...m }): SnapshotMention => ({
      ...m,
      source: inLanguage({ name: m.source, translations: sourceTranslations }, "name", language),
      publishedAt: m.publishedAt.toISOString(),
    }),
  );
  return chosen.length ? chosen.flatMap((id) => shaped.filter((m) => m.id === id)) : shaped;
}
