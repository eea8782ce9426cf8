import { and, gte, inArray, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { dailyRollups } from "../../db/schema";
import { latestMentions, mentionsGeneration, mentionsInLanguage, volumeLast30Days } from "../mentions/mentions.server";
import type { ProjectListItem } from "../projects/projects.server";

export interface Kpis {
  mentions: number;
  reach: number;
  positive: number;
  negative: number;
}

/**
 * The overview of the chosen project, or of every project the user can see (`visible`, from
 * listProjects): this week against the week before and 30 days of volume by sentiment, from the
 * rollups, and the latest mentions, from the feed index.
 */
export async function overview(visible: ProjectListItem[], activeProjectId: string | null, language: string) {
  const scope = activeProjectId ? visible.filter((p) => p.id === activeProjectId) : visible;
  const ids = scope.map((p) => p.id);
  const empty = {
    current: { mentions: 0, reach: 0, positive: 0, negative: 0 },
    previous: { mentions: 0, reach: 0, positive: 0, negative: 0 },
  };
  if (ids.length === 0) return { project: null, projectCount: 0, ...empty, volume: [], recent: [] };

  const [week, volume, recent] = await figuresOf(ids);

  const n = (v: unknown) => Number(v ?? 0);
  return {
    project: activeProjectId ? (scope[0] ?? null) : null,
    projectCount: scope.length,
    current: {
      mentions: n(week?.mentions),
      reach: n(week?.reach),
      positive: n(week?.positive),
      negative: n(week?.negative),
    },
    previous: {
      mentions: n(week?.prevMentions),
      reach: n(week?.prevReach),
      positive: n(week?.prevPositive),
      negative: n(week?.prevNegative),
    },
    volume,
    recent: mentionsInLanguage(recent, language),
  };
}

// The figures of a set of projects are kept for a few seconds, shared by every request with that
// scope (the data depends on the project ids only): under load most requests then skip the database.
// New or re-matched mentions raise the mentions generation, which drops every kept entry.
const KEEP_MS = 5_000;
const MAX_SCOPES = 1_000;
type Figures = ReturnType<typeof queryFigures>;
const kept = new Map<string, { until: number; generation: number; figures: Figures }>();

function figuresOf(ids: string[]): Figures {
  const key = [...ids].sort().join(",");
  const now = Date.now();
  const generation = mentionsGeneration();
  const entry = kept.get(key);
  if (entry && entry.until > now && entry.generation === generation) return entry.figures;
  kept.delete(key);
  // Map order is insertion order: the first entry is the oldest.
  if (kept.size >= MAX_SCOPES) kept.delete(kept.keys().next().value as string);
  const figures = queryFigures(ids);
  kept.set(key, { until: now + KEEP_MS, generation, figures });
  // A failure is not kept: the next request asks again.
  figures.catch(() => kept.get(key)?.figures === figures && kept.delete(key));
  return figures;
}

/** This week against the week before, 30 days of volume, and the latest mentions of the projects. */
function queryFigures(ids: string[]) {
  const db = getDb();
  const day = sql`(now() AT TIME ZONE 'UTC')::date`;
  const weeks = db
    .select({
      mentions: sql<number>`coalesce(sum(${dailyRollups.count}) FILTER (WHERE ${dailyRollups.day} > ${day} - 7), 0)::int`,
      reach: sql<number>`coalesce(sum(${dailyRollups.reach}) FILTER (WHERE ${dailyRollups.day} > ${day} - 7), 0)::bigint`,
      positive: sql<number>`coalesce(sum(${dailyRollups.count}) FILTER (WHERE ${dailyRollups.day} > ${day} - 7 AND ${dailyRollups.sentiment} = 'positive'), 0)::int`,
      negative: sql<number>`coalesce(sum(${dailyRollups.count}) FILTER (WHERE ${dailyRollups.day} > ${day} - 7 AND ${dailyRollups.sentiment} = 'negative'), 0)::int`,
      prevMentions: sql<number>`coalesce(sum(${dailyRollups.count}) FILTER (WHERE ${dailyRollups.day} <= ${day} - 7), 0)::int`,
      prevReach: sql<number>`coalesce(sum(${dailyRollups.reach}) FILTER (WHERE ${dailyRollups.day} <= ${day} - 7), 0)::bigint`,
      prevPositive: sql<number>`coalesce(sum(${dailyRollups.count}) FILTER (WHERE ${dailyRollups.day} <= ${day} - 7 AND ${dailyRollups.sentiment} = 'positive'), 0)::int`,
      prevNegative: sql<number>`coalesce(sum(${dailyRollups.count}) FILTER (WHERE ${dailyRollups.day} <= ${day} - 7 AND ${dailyRollups.sentiment} = 'negative'), 0)::int`,
    })
    .from(dailyRollups)
    .where(and(inArray(dailyRollups.projectId, ids), gte(dailyRollups.day, sql`${day} - 13`)));
  return Promise.all([weeks.then(([week]) => week), volumeLast30Days(ids), latestMentions(ids, 6)]);
}
