// How an alert reads, the same in the bell, on /notifications, on the overview and in the e-mail.
import type { Formatter } from "../../lib/format.ts";
import type { AlertKind } from "./rule.ts";

export interface AlertFacts {
  projectId: string;
  kind: AlertKind;
  /** yyyy-mm-dd */
  day: string;
  value: number;
  baseline: number;
}

type Translate = (key: string, options: Record<string, unknown>) => string;

/** A day formatted as the calendar day it is, whatever the reader's time zone (`format` must be in UTC). */
export const dayValue = (day: string) => `${day}T00:00:00Z`;

/** "Volume spike in Acme: 48 mentions on 12 Nov 2026, usually 9" (in the reader's language). */
export function alertText(t: Translate, utcFormat: Formatter, alert: AlertFacts, project: string): string {
  const scale = alert.kind === "volume" ? 1 : 100;
  return t(`dashboard:alerts.${alert.kind}`, {
    project,
    day: utcFormat.date(dayValue(alert.day)),
    value: utcFormat.number(Math.round(alert.value * scale)),
    baseline: utcFormat.number(Math.round(alert.baseline * scale)),
  });
}

/** The messages feed for the alert's project and day. */
export function alertFeedLink(alert: Pick<AlertFacts, "projectId" | "day">): string {
  const query = new URLSearchParams({ project: alert.projectId, from: alert.day, to: alert.day });
  return `/messages?${query}`;
}
