import { and, gte, inArray, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { dailyRollups } from "../../db/schema";
import { latestMentions, volumeLast30Days } from "../mentions/mentions.server";
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
export async function overview(visible: ProjectListItem[], activeProjectId: string | null) {
  const scope = activeProjectId ? visible.filter((p) => p.id === activeProjectId) : visible;
  const ids = scope.map((p) => p.id);
  const empty = {
    current: { mentions: 0, reach: 0, positive: 0, negative: 0 },
    previous: { mentions: 0, reach: 0, positive: 0, negative: 0 },
  };
  if (ids.length === 0) return { project: null, projectCount: 0, ...empty, volume: [], recent: [] };

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
  const [[week], volume, recent] = await Promise.all([weeks, volumeLast30Days(ids), latestMentions(ids, 6)]);

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
    recent,
  };
}
