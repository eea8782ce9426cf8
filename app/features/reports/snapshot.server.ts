import { and, desc, eq, gte, inArray, lt } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { countMentions, mentionSeries, netSentiment } from "~/core/count.server";
import { periodOf, type Range } from "~/core/period";
import { type Audience, projectAudience } from "~/core/reader";
import { inScope, type ProjectScope } from "~/core/scope.server";
import { messageProjects, messages, projects, type reports, sources } from "~/db/schema";
import { projectAudiences } from "~/features/alerts/audience.server";
import { type AnalyticsScope, shareOfVoice, topAuthors, topSources } from "~/features/analytics/queries.server";
import { mentionCardColumns } from "~/features/mentions/mentions.server";
import { periodTopics, topicSentiment } from "~/features/topics/topics.server";
import { inLanguage } from "~/lib/translations";
import type { ReportSnapshot, SentimentSplit, SnapshotMention } from "./snapshot";

type Report = typeof reports.$inferSelect;

/**
 * The competitors a report of this project may name: those whom every reader of the report (the project's
 * members and the admins, as the auth service says now) may also see.
 */
async function namedCompetitors(services: Services, project: typeof projects.$inferSelect): Promise<string[]> {
  if (project.competitorIds.length === 0) return [];
  const audiences = await projectAudiences(services, [project.id, ...project.competitorIds]);
  const readers = audiences[project.id] ?? [];
  return project.competitorIds.filter((id) => {
    const seeing = new Set((audiences[id] ?? []).map((r) => r.id));
    return readers.every((r) => seeing.has(r.id));
  });
}

/** How many rows a table section keeps. */
const TABLE_ROWS = 10;

/**
 * The report's contents as they are now, over its project and days in its zone and language: its totals
 * counted as every screen counts them (core/count, so a report says what analytics says for the same project
 * and days), the rankings from the analytics queries, its topics (as analytics counts them) and its top mentions. It reads
 * the project's mentions, whoever asked for it. Its share of voice names the project's competitors that everyone
 * who may read the report may see; the others are "other competitors", as on /analytics (issue 15, item 7).
 */
export async function buildSnapshot(services: Services, report: Report, now: Date): Promise<ReportSnapshot> {
  const { db, env } = services;
  const [project] = await db.select().from(projects).where(eq(projects.id, report.projectId));
  if (!project) throw new Error(`Project ${report.projectId} does not exist`);
  const period = periodOf({ from: report.periodStart, to: report.periodEnd }, report.timeZone);
  const scope: ProjectScope = [project.id];
  const competitors: Audience = { roles: [], projectIds: [project.id, ...(await namedCompetitors(services, project))] };
  const analytics: AnalyticsScope = { scope, timeZone: report.timeZone, start: period.start, end: period.end };
  const previous = { start: period.previous.start, end: period.previous.end };
  const wants = (section: Report["sections"][number]) => report.sections.includes(section);
  const language = report.language;

  const [current, before, days, voice, sourcesTop, authorsTop, topics, mentions] = await Promise.all([
    countMentions(db, { scope, start: period.start, end: period.end }),
    countMentions(db, { scope, start: period.previous.start, end: period.previous.end }),
    wants("volume") ? mentionSeries(db, { scope }, { ...period, bucket: "day" }) : [],
    wants("share_of_voice")
      ? shareOfVoice(services, competitors, analytics, language, "day", previous)
      : { entries: [] },
    wants("top_sources") ? topSources(services, analytics, language, TABLE_ROWS, previous) : [],
    wants("top_authors") ? topAuthors(services, analytics, TABLE_ROWS, previous) : [],
    wants("trending_terms") ? reportTopics(services, report, analytics, previous, now) : null,
    wants("top_mentions") ? topMentions(services, report, scope, period) : [],
  ]);
  const split = (counts: SentimentSplit): SentimentSplit => ({
    positive: counts.positive,
    neutral: counts.neutral,
    negative: counts.negative,
  });

  return {
    version: 2,
    generatedAt: now.toISOString(),
    workspace: env.WORKSPACE_NAME,
    project: { id: project.id, name: inLanguage(project, "name", language), color: project.color },
    period: {
      from: report.periodStart,
      to: report.periodEnd,
      previousFrom: period.previous.from,
      previousTo: period.previous.to,
      timeZone: report.timeZone,
    },
    sections: report.sections,
    kpis: {
      mentions: { value: current.total, previous: before.total },
      reach: { value: current.reach, previous: before.reach },
      positive: { value: current.positive, previous: before.positive },
      negative: { value: current.negative, previous: before.negative },
      net: { value: netSentiment(current), previous: netSentiment(before) },
    },
    volume: days.map((d) => ({ day: d.key, positive: d.positive, neutral: d.neutral, negative: d.negative })),
    sentiment: split(current),
    previousSentiment: split(before),
    shareOfVoice: voice.entries.map((e) => ({
      id: e.key,
      name: e.name ?? "",
      own: e.own,
      mentions: e.count,
      share: e.share,
      previousShare: e.previousShare,
    })),
    topSources: sourcesTop.map((s) => ({
      id: s.id,
      name: s.name,
      type: s.type,
      mentions: s.count,
      previous: s.previous,
      reach: s.reach,
      sentiment: split(s),
    })),
    topAuthors: authorsTop.map((a) => ({
      name: a.author,
      mentions: a.count,
      previous: a.previous,
      reach: a.reach,
      sentiment: split(a),
    })),
    topics: topics ?? { rows: [], estimated: false },
    topMentions: mentions,
    notes: wants("notes") ? report.notes : null,
  };
}

/**
 * The report's topics as analytics finds and counts them (ADR 047): each number the total of the feed its link
 * opens (the project, the report's days, the topic's words), its sentiment split too, as the project's
 * audience sees it.
 */
async function reportTopics(
  services: Services,
  report: Report,
  analytics: AnalyticsScope,
  previous: Range,
  now: Date,
): Promise<ReportSnapshot["topics"]> {
  const viewer = { ...projectAudience(report.projectId), activeProjectId: null, timeZone: report.timeZone };
  const found = await periodTopics(services, viewer, analytics, previous, {
    limit: TABLE_ROWS,
    language: report.language,
    now,
  });
  const rows = await Promise.all(
    found.map(async (topic) => {
      const sentiment = await topicSentiment(services, viewer, topic, now);
      const row = { name: topic.label, mentions: topic.count, previous: topic.previous, sentiment: sentiment.counts };
      return { row: { ...row, search: topic.search }, estimated: topic.estimated || sentiment.estimated };
    }),
  );
  return {
    rows: rows.map((r) => r.row),
    estimated: rows.some((r) => r.estimated),
    frequent: found[0]?.frequent ?? false,
  };
}

/**
 * The mentions chosen by hand (those of the project, in the order chosen), else the period's N with the
 * most reach; archived ones are left out of the ranking.
 */
async function topMentions(
  { db }: Services,
  report: Report,
  scope: ProjectScope,
  range: Range,
): Promise<SnapshotMention[]> {
  const chosen = report.topMentionIds;
  const rows = await db
    .select({
      ...mentionCardColumns,
      source: sources.name,
      sourceTranslations: sources.translations,
      reach: messages.reach,
    })
    .from(messageProjects)
    .innerJoin(messages, eq(messages.id, messageProjects.messageId))
    .innerJoin(sources, eq(sources.id, messages.sourceId))
    .where(
      and(
        inScope(scope, messageProjects.projectId),
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
      source: inLanguage({ name: m.source, translations: sourceTranslations }, "name", report.language),
      publishedAt: m.publishedAt.toISOString(),
    }),
  );
  return chosen.length ? chosen.flatMap((id) => shaped.filter((m) => m.id === id)) : shaped;
}
