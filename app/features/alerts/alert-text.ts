// How an alert reads, the same in the bell, on /notifications, on the overview and in the e-mail.
import { startOfDay } from "~/core/period";
import { type Formatter, utcOffset } from "~/lib/format";
import type { AlertKind } from "./rule.ts";

export interface AlertFacts {
  projectId: string;
  kind: AlertKind;
  /** yyyy-mm-dd, a day of `timeZone`. */
  day: string;
  /** The zone the day is counted in: the workspace's (an alert is a workspace event, whoever reads it). */
  timeZone: string;
  value: number;
  baseline: number;
}

type Translate = (key: string, options: Record<string, unknown>) => string;

/** "Volume spike in Acme: 48 mentions on Nov 12, 2026 (UTC+5), usually 9" (in the reader's language). */
export function alertText(t: Translate, format: Formatter, alert: AlertFacts, project: string): string {
  const scale = alert.kind === "volume" ? 1 : 100;
  return t(`dashboard:alerts.${alert.kind}`, {
    project,
    day: `${format.day(alert.day)} (${utcOffset(alert.timeZone, startOfDay(alert.day, alert.timeZone))})`,
    value: format.number(Math.round(alert.value * scale)),
    baseline: format.number(Math.round(alert.baseline * scale)),
  });
}

/** The messages feed for the alert's project and day. */
export function alertFeedLink(alert: Pick<AlertFacts, "projectId" | "day">): string {
  const query = new URLSearchParams({ project: alert.projectId, from: alert.day, to: alert.day });
  return `/messages?${query}`;
}
