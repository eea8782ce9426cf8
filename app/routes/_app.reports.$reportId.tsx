import { Form } from "react-router";
import { servicesOf } from "~/core/context.server";
import { can } from "~/core/permissions";
import { REPORT_SCHEDULES } from "~/db/report-model";
import { authCallContext, requireUser } from "~/features/auth/guard.server";
import { projectMembers } from "~/features/projects/members.server";
import { ReportDocument } from "~/features/reports/document";
import { reportFormatter } from "~/features/reports/format";
import reportStyles from "~/features/reports/report.css?raw";
import {
  deleteReport,
  getReport,
  regenerateReport,
  scheduleParentTitle,
  setReportSchedule,
} from "~/features/reports/reports.server";
import { scheduleSchema } from "~/features/reports/schemas";
import type { ReportSnapshot } from "~/features/reports/snapshot";
import { resources } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { type FormResult, useFormErrors, useIsPending } from "~/lib/forms";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { buttonClass, SubmitButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { CheckboxGroup } from "~/ui/field";
import { CalendarClock, FileDown, Printer, RefreshCw, Sheet, Trash2 } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.reports.$reportId";

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireUser(context);
  const report = await getReport(user, params.reportId);
  const canSchedule = can(user, "reports.schedule") && !report.scheduledFrom;
  const members = canSchedule
    ? ((await projectMembers(servicesOf(context), authCallContext(context), [report.projectId]))[report.projectId] ??
      [])
    : [];
  const { snapshot, subscribers, ...shown } = report;
  return {
    report: { ...shown, subscriberIds: subscribers.map((s) => s.id) },
    snapshot: snapshot as ReportSnapshot | null,
    // The document is in the report's language, whatever the reader's: its texts travel with the page.
    documentTexts: resources[report.language]?.reports as Record<string, unknown>,
    scheduledFromTitle: report.scheduledFrom ? await scheduleParentTitle(report.scheduledFrom) : null,
    members: members.map((m) => ({ id: m.id, email: m.email })),
    canEdit: can(user, "reports.edit"),
    canSchedule,
    canDelete: can(user, "reports.delete"),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const here = `/reports/${params.reportId}`;
  if (intent === "regenerate") {
    const report = await regenerateReport(user, params.reportId);
    return redirectWithToast(
      here,
      report.status === "ready"
        ? { type: "success", key: "reports:toast.regenerated" }
        : { type: "error", key: "reports:toast.failed", values: { error: report.error ?? "" } },
    );
  }
  if (intent === "delete") {
    const report = await deleteReport(user, params.reportId);
    return redirectWithToast("/reports", {
      type: "success",
      key: "reports:toast.deleted",
      values: { title: report.title },
    });
  }
  if (intent === "schedule") {
    const submission = parseForm(form, scheduleSchema);
    if (!submission.success) return formFailure(submission.result);
    const report = await getReport(user, params.reportId);
    const members =
      (await projectMembers(servicesOf(context), authCallContext(context), [report.projectId]))[report.projectId] ?? [];
    await setReportSchedule(user, report.id, submission.data.schedule, submission.data.subscriberIds, members);
    return redirectWithToast(here, { type: "success", key: "reports:toast.scheduleSaved" });
  }
  return formFailure({ formError: { key: "forms:errors.invalid" } });
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("reports");
  const { report, snapshot } = loaderData;
  if (!i18n.hasResourceBundle(report.language, "reports")) {
    i18n.addResourceBundle(report.language, "reports", loaderData.documentTexts);
  }
  const documentT = i18n.getFixedT(report.language, "reports");
  const format = reportFormatter(report);
  const readerFormat = useFormatter();
  const regenerating = useIsPending("regenerate");
  return (
    <>
      <style href="report-document" precedence="default">
        {reportStyles}
      </style>
      <PageHeader
        help="reports#pdf"
        title={t("view.title")}
        description={
          report.status === "ready" && report.generatedAt ? (
            <>
              {t("view.generatedAt", { time: readerFormat.dateTime(report.generatedAt) })} {t("view.snapshotNote")}
            </>
          ) : report.status === "failed" ? (
            <span className="text-danger">
              {t("view.failed", { count: report.attempts, error: report.error ?? "" })}
            </span>
          ) : (
            t("view.pending")
          )
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {snapshot && (
              <>
                <button type="button" className={buttonClass("outline")} onClick={() => window.print()}>
                  <Printer aria-hidden="true" />
                  {t("view.print")}
                </button>
                <a href={`/reports/${report.id}/pdf`} className={buttonClass("outline")} download>
                  <FileDown aria-hidden="true" />
                  {t("view.pdf")}
                </a>
                <a href={`/reports/${report.id}/csv`} className={buttonClass("outline")} download>
                  <Sheet aria-hidden="true" />
                  {t("view.csv")}
                </a>
              </>
            )}
            {loaderData.canEdit && (
              <Form method="post">
                <input type="hidden" name="intent" value="regenerate" />
                <SubmitButton variant="outline" pending={regenerating} pendingLabel={t("view.regenerating")}>
                  <RefreshCw aria-hidden="true" />
                  {t("view.regenerate")}
                </SubmitButton>
              </Form>
            )}
          </div>
        }
      />
      {loaderData.scheduledFromTitle && (
        <p className="mb-4 text-sm text-muted-foreground">
          {t("view.fromSchedule", { title: loaderData.scheduledFromTitle })}
        </p>
      )}
      {snapshot && (
        <ReportDocument
          title={report.title}
          language={report.language}
          snapshot={snapshot}
          t={documentT}
          format={format}
        />
      )}
      <div className="mt-6 flex flex-col gap-4">
        {loaderData.canSchedule && (
          <ScheduleCard
            schedule={report.schedule}
            subscriberIds={report.subscriberIds}
            members={loaderData.members}
            timeZone={report.timeZone}
            result={actionData}
          />
        )}
        {loaderData.canDelete && <DeleteReport />}
      </div>
    </>
  );
}

function ScheduleCard({
  schedule,
  subscriberIds,
  members,
  timeZone,
  result,
}: {
  schedule: string;
  subscriberIds: string[];
  members: Array<{ id: string; email: string }>;
  timeZone: string;
  result: FormResult | undefined;
}) {
  const { t } = useTranslation("reports");
  const pending = useIsPending("schedule");
  const errors = useFormErrors(result);
  const chosen = result?.values ? ([] as string[]).concat(result.values.subscriberIds ?? []) : subscriberIds;
  const current = typeof result?.values?.schedule === "string" ? result.values.schedule : schedule;
  return (
    <Card title={t("view.scheduleTitle")}>
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="schedule" />
        <p className="text-sm text-muted-foreground">{t("view.scheduleHint", { timeZone })}</p>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t("view.schedule")}</legend>
          <div className="flex flex-wrap gap-2">
            {REPORT_SCHEDULES.map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <input
                  type="radio"
                  name="schedule"
                  value={option}
                  defaultChecked={current === option}
                  className="accent-[var(--primary)]"
                />
                {t(`schedules.${option}`)}
              </label>
            ))}
          </div>
          {errors.field("schedule") && <p className="text-sm text-danger">{errors.field("schedule")}</p>}
        </fieldset>
        {members.length > 0 ? (
          <CheckboxGroup
            name="subscriberIds"
            legend={t("view.subscribers")}
            hint={t("view.subscribersHint")}
            options={members.map((m) => ({ value: m.id, label: m.email }))}
            checked={chosen}
            error={errors.field("subscriberIds")}
          />
        ) : (
          <p className="text-sm text-muted-foreground">{t("view.noMembers")}</p>
        )}
        <div>
          <SubmitButton pending={pending} pendingLabel={t("view.savingSchedule")}>
            <CalendarClock aria-hidden="true" />
            {t("view.saveSchedule")}
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}

/** Deleting asks once more, in place (a <details>), with or without JavaScript. */
function DeleteReport() {
  const { t } = useTranslation("reports");
  const pending = useIsPending("delete");
  return (
    <Card danger>
      <details>
        <summary className="cursor-pointer font-semibold text-danger">{t("view.deleteTitle")}</summary>
        <Form method="post" className="mt-3 flex flex-col items-start gap-3">
          <input type="hidden" name="intent" value="delete" />
          <p className="text-sm text-muted-foreground">{t("view.deleteDescription")}</p>
          <SubmitButton variant="destructive" pending={pending} pendingLabel={t("view.deleteConfirm")}>
            <Trash2 aria-hidden="true" />
            {t("view.deleteConfirm")}
          </SubmitButton>
        </Form>
      </details>
    </Card>
  );
}

export const ErrorBoundary = PageErrorBoundary;
