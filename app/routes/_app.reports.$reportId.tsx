import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { can } from "~/core/permissions";
import { authCallContext } from "~/features/auth/guard.server";
import { projectMembers } from "~/features/projects/members.server";
import { reportCharts } from "~/features/reports/charts.server";
import { scheduleTimeZone } from "~/features/reports/generate.server";
import { ReportView } from "~/features/reports/report-view";
import {
  deleteReport,
  getReport,
  regenerateReport,
  scheduleParentTitle,
  setReportSchedule,
} from "~/features/reports/reports.server";
import { scheduleSchema } from "~/features/reports/schemas";
import { readSnapshot } from "~/features/reports/snapshot";
import { resources } from "~/i18n/i18n.server";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { Route } from "./+types/_app.reports.$reportId";

export async function loader({ context, params }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "reports.read");
  const services = servicesOf(context);
  const report = found(await getReport(services, reader, params.reportId));
  const canSchedule = can(reader, "reports.schedule") && !report.scheduledFrom;
  const members = canSchedule
    ? ((await projectMembers(services, authCallContext(context), [report.projectId]))[report.projectId] ?? [])
    : [];
  const { snapshot: stored, subscribers, ...shown } = report;
  const snapshot = stored ? readSnapshot(stored) : null;
  return {
    report: { ...shown, subscriberIds: subscribers.map((s) => s.id) },
    snapshot,
    charts: snapshot && reportCharts(snapshot),
    // The document is in the report's language, whatever the reader's: its texts travel with the page.
    documentTexts: resources[report.language]?.reports as Record<string, unknown>,
    scheduledFromTitle: report.scheduledFrom ? await scheduleParentTitle(services, report.scheduledFrom) : null,
    members: members.map((m) => ({ id: m.id, email: m.email })),
    scheduleTimeZone: canSchedule ? await scheduleTimeZone(services, report) : report.timeZone,
    canEdit: can(reader, "reports.edit"),
    canSchedule,
    canDelete: can(reader, "reports.delete"),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const reader = requireReader(context);
  const services = servicesOf(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const here = `/reports/${params.reportId}`;
  if (intent === "regenerate") {
    requirePermission(reader, "reports.edit");
    const report = found(await regenerateReport(services, reader, params.reportId));
    return redirectWithToast(
      services.env,
      here,
      report.status === "ready"
        ? { type: "success", key: "reports:toast.regenerated" }
        : { type: "error", key: "reports:toast.failed", values: { error: report.error ?? "" } },
    );
  }
  if (intent === "delete") {
    requirePermission(reader, "reports.delete");
    const report = found(await deleteReport(services, reader, params.reportId));
    return redirectWithToast(services.env, "/reports", {
      type: "success",
      key: "reports:toast.deleted",
      values: { title: report.title },
    });
  }
  if (intent === "schedule") {
    requirePermission(reader, "reports.schedule");
    const submission = parseForm(form, scheduleSchema);
    if (!submission.success) return formFailure(submission.result);
    const report = found(await getReport(services, reader, params.reportId));
    const members =
      (await projectMembers(services, authCallContext(context), [report.projectId]))[report.projectId] ?? [];
    const result = found(await setReportSchedule(services, reader, report.id, submission.data, members));
    if ("refused" in result) return formFailure({ values: submission.values, formError: { key: result.refused } });
    return redirectWithToast(services.env, here, { type: "success", key: "reports:toast.scheduleSaved" });
  }
  return formFailure({ formError: { key: "forms:errors.invalid" } });
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ReportView loaderData={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = PageErrorBoundary;
