// The overview (/): the chosen project, or every project the reader can see, over the last 7, 30 or 90 days
// of their zone. Figures count through core/count (ADR 043), the same numbers analytics and the feed show.
import type { Services } from "~/core/context.server";
import { countMentions, type MentionQuery, mentionSeries, netSentiment } from "~/core/count.server";
import { keptWhileMentionsUnchanged, SCREEN_FIGURES_MS } from "~/core/kept.server";
import { type Period, periodOf, presetDays, QUICK_PRESETS, today } from "~/core/period";
import type { Reader } from "~/core/reader";
import { type ProjectScope, readerScope } from "~/core/scope.server";
import { alertsOf } from "~/features/alerts/detect.server";
import { ownShare } from "~/features/analytics/queries.server";
import { dayVolumes, latestMentions, mentionsInLanguage, volumeAxis } from "~/features/mentions/mentions.server";
import { myOpenTasks } from "~/features/tasks/my-tasks.server";

export const OVERVIEW_PERIODS = QUICK_PRESETS;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
export const DEFAULT_OVERVIEW_PERIOD: OverviewPeriod = "30";

/** The period from the URL (`?period=7|30|90`); anything else is the default. */
export function overviewPeriod(params: URLSearchParams): OverviewPeriod {
  const value = params.get("period");
  return OVERVIEW_PERIODS.includes(value as OverviewPeriod) ? (value as OverviewPeriod) : DEFAULT_OVERVIEW_PERIOD;
}

export interface Kpis {
  mentions: number;
  reach: number;
  positive: number;
  negative: number;
  /** (P − N) / (P + N), null without opinionated mentions. */
  net: number | null;
  /** The scope's part of the mentions of it and its competitor projects, 0…1; null without competitors. */
  shareOfVoice: number | null;
}

/** A project the overview may cover: one the reader can see. */
export interface OverviewProject {
  id: string;
  name: string;
}

/**
 * The overview of the switcher's project, or of every project the reader can see (`visible`): the period's
 * KPIs against the period before, volume per day, the period's alerts, the reader's open tasks and the latest
 * mentions.
 */
export async function overview(
  services: Services,
  reader: Reader,
  visible: OverviewProject[],
  period: OverviewPeriod,
  now = new Date(),
) {
  const days = periodOf(presetDays(period, today(reader.timeZone, now)), reader.timeZone, period);
  const chosen = reader.activeProjectId ? visible.filter((p) => p.id === reader.activeProjectId) : visible;
  const base = { period, periods: OVERVIEW_PERIODS, from: days.from, to: days.to, days: days.days };
  if (chosen.length === 0) {
    const none: Kpis = { mentions: 0, reach: 0, positive: 0, negative: 0, net: null, shareOfVoice: null };
    return {
      ...base,
      project: null,
      projectCount: 0,
      current: none,
      previous: none,
      volume: [],
      volumeAxis: volumeAxis([]),
      recent: [],
      alerts: [],
      tasks: { total: 0, items: [] },
    };
  }
  const scope = reader.activeProjectId ? [reader.activeProjectId] : readerScope(reader);
  const [figures, tasks] = await Promise.all([figuresOf(services, reader, scope, days), myOpenTasks(services, reader)]);
  const names = new Map(chosen.map((p) => [p.id, p.name]));
  return {
    ...base,
    project: reader.activeProjectId ? (chosen[0] ?? null) : null,
    projectCount: chosen.length,
    current: figures.current,
    previous: figures.previous,
    volume: figures.volume,
    volumeAxis: volumeAxis(figures.volume),
    recent: mentionsInLanguage(figures.recent, reader.language),
    alerts: figures.alerts.map((a) => ({ ...a, projectName: names.get(a.projectId) ?? "" })),
    tasks,
  };
}

// The figures of a scope and a period are kept for a few seconds, shared by every request with that scope:
// under load most requests then skip the database. New or re-matched mentions drop them; an alert, found
// after its mentions, shows within the few seconds. (Share of voice counts only the scope's own part of the
// comparison, which is the same whoever asks, so the first asker's figures serve everyone.)
const keptFigures = keptWhileMentionsUnchanged(SCREEN_FIGURES_MS);

function figuresOf(services: Services, reader: Reader, scope: ProjectScope, period: Period) {
  const question = [scope === "all" ? "all" : [...scope].sort(), period.timeZone, period.from, period.to];
  return keptFigures(question, () => queryFigures(services, reader, scope, period));
}

/** The period's KPIs and those of the period before, volume per day, the latest mentions and the alerts. */
async function queryFigures(services: Services, reader: Reader, scope: ProjectScope, period: Period) {
  const query: MentionQuery = { scope, start: period.start, end: period.end };
  const before: MentionQuery = { ...query, ...period.previous };
  const voiceOf = (q: MentionQuery) => ownShare(services, reader, { ...q, timeZone: period.timeZone });
  const [now, then, voiceNow, voiceThen, perDay, recent, periodAlerts] = await Promise.all([
    countMentions(services.db, query),
    countMentions(services.db, before),
    voiceOf(query),
    voiceOf(before),
    mentionSeries(services.db, query, { ...period, bucket: "day" }),
    latestMentions(services, scope, 6),
    alertsOf(services, scope, { from: period.from, to: period.to }),
  ]);
  const figures = (totals: typeof now, share: number | null): Kpis => ({
    mentions: totals.total,
    reach: totals.reach,
    positive: totals.positive,
    negative: totals.negative,
    net: netSentiment(totals),
    shareOfVoice: share,
  });
  return {
    current: figures(now, voiceNow),
    previous: figures(then, voiceThen),
    volume: dayVolumes(perDay),
    recent,
    alerts: periodAlerts,
  };
}
