import type { Services } from "../../core/context.server";
import type { CurrentUser } from "../../core/reader";
import { alertsOf } from "../alerts/detect.server";
import { type ResolvedPeriod, resolvePeriod } from "../analytics/period";
import { type AnalyticsScope, kpis, previousScope, shareOfVoice, volume } from "../analytics/queries.server";
import { latestMentions, mentionsGeneration, mentionsInLanguage } from "../mentions/mentions.server";
import type { ProjectListItem } from "../projects/projects.server";
import { myOpenTasks } from "../tasks/my-tasks.server";
import type { OverviewPeriod } from "./period";

export interface Kpis {
  mentions: number;
  reach: number;
  positive: number;
  negative: number;
  /** The scope's part of the mentions of it and its competitor projects, 0…1; null without competitors. */
  shareOfVoice: number | null;
}

export interface OverviewInput {
  services: Services;
  user: CurrentUser;
  /** The projects the user can see (listProjects). */
  visible: ProjectListItem[];
  activeProjectId: string | null;
  language: string;
  timeZone: string;
  period: OverviewPeriod;
}

/**
 * The overview of the chosen project, or of every project the user can see: the period's KPIs against the
 * period before, volume per day, the period's alerts, the user's open tasks and the latest mentions.
 */
export async function overview({
  services,
  user,
  visible,
  activeProjectId,
  language,
  timeZone,
  period,
}: OverviewInput) {
  const scope = activeProjectId ? visible.filter((p) => p.id === activeProjectId) : visible;
  const ids = scope.map((p) => p.id);
  const resolved = resolvePeriod(period, timeZone);
  const base = { period, from: resolved.from, to: resolved.to, days: resolved.days };
  const none: Kpis = { mentions: 0, reach: 0, positive: 0, negative: 0, shareOfVoice: null };
  if (ids.length === 0) {
    return {
      ...base,
      project: null,
      projectCount: 0,
      current: none,
      previous: none,
      volume: [],
      recent: [],
      alerts: [],
      tasks: { total: 0, items: [] },
    };
  }

  const [figures, tasks] = await Promise.all([
    figuresOf(services, user, { projectIds: ids, timeZone, start: resolved.start, end: resolved.end }, resolved),
    myOpenTasks(services, { ...user, language, timeZone, activeProjectId }),
  ]);
  const names = new Map(scope.map((p) => [p.id, p.name]));
  return {
    ...base,
    project: activeProjectId ? (scope[0] ?? null) : null,
    projectCount: scope.length,
    current: figures.current,
    previous: figures.previous,
    volume: figures.volume.map(({ key, positive, neutral, negative }) => ({ day: key, positive, neutral, negative })),
    recent: mentionsInLanguage(figures.recent, language),
    alerts: figures.alerts.map((a) => ({ ...a, projectName: names.get(a.projectId) ?? "" })),
    tasks,
  };
}

// The figures of a set of projects and a period are kept for a few seconds, shared by every request with
// that scope: under load most requests then skip the database. New or re-matched mentions raise the
// mentions generation, which drops every kept entry; an alert, found after its mentions, shows within the
// few seconds. (Share of voice counts only the scope's own part of
// the comparison, which is the same whoever asks, so the first asker's figures serve everyone.)
const KEEP_MS = 5_000;
const MAX_SCOPES = 1_000;
type Figures = ReturnType<typeof queryFigures>;
const kept = new Map<string, { until: number; generation: number; figures: Figures }>();

function figuresOf(services: Services, user: CurrentUser, scope: AnalyticsScope, period: ResolvedPeriod): Figures {
  const key = `${[...scope.projectIds].sort().join(",")}|${scope.timeZone}|${period.from}|${period.to}`;
  const now = Date.now();
  const generation = mentionsGeneration();
  const entry = kept.get(key);
  if (entry && entry.until > now && entry.generation === generation) return entry.figures;
  kept.delete(key);
  // Map order is insertion order: the first entry is the oldest.
  if (kept.size >= MAX_SCOPES) kept.delete(kept.keys().next().value as string);
  const figures = queryFigures(services, user, scope, previousScope(scope, period.previous), period);
  kept.set(key, { until: now + KEEP_MS, generation, figures });
  // A failure is not kept: the next request asks again.
  figures.catch(() => kept.get(key)?.figures === figures && kept.delete(key));
  return figures;
}

/** The period's KPIs and those of the period before, volume per day, the latest mentions and the alerts. */
async function queryFigures(
  services: Services,
  user: CurrentUser,
  scope: AnalyticsScope,
  before: AnalyticsScope,
  days: ResolvedPeriod,
) {
  const [now, then, voiceNow, voiceThen, perDay, recent, periodAlerts] = await Promise.all([
    kpis(scope),
    kpis(before),
    shareOfVoice(user, scope, "en", "day"),
    shareOfVoice(user, before, "en", "day"),
    volume(scope, "day"),
    latestMentions(scope.projectIds, 6),
    alertsOf(services, scope.projectIds, days),
  ]);
  const own = (voice: Awaited<ReturnType<typeof shareOfVoice>>) =>
    voice.entries.some((e) => !e.own) ? voice.entries.filter((e) => e.own).reduce((sum, e) => sum + e.share, 0) : null;
  const figures = (k: typeof now, voice: typeof voiceNow): Kpis => ({
    mentions: k.mentions,
    reach: k.reach,
    positive: k.positive,
    negative: k.negative,
    shareOfVoice: own(voice),
  });
  return {
    current: figures(now, voiceNow),
    previous: figures(then, voiceThen),
    volume: perDay,
    recent,
    alerts: periodAlerts,
  };
}
