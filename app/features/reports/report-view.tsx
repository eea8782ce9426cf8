import { Form } from "react-router";
import { REPORT_SCHEDULES } from "~/db/report-model";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { type FormResult, useIsPending } from "~/lib/forms";
import { buttonClass, SubmitButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { CheckboxGroup } from "~/ui/field";
import { CalendarClock, FileDown, Printer, RefreshCw, Sheet, Trash2 } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import { useFormErrors } from "~/ui/use-form-fields";
import type { ReportCharts } from "./charts.server";
import { ReportDocument } from "./document";
import { reportFormatter } from "./format";
import reportStyles from "./report.css?raw";
import type { Report } from "./reports.server";
import type { ReportSnapshot } from "./snapshot";

/** What the report page shows: the report (its subscribers as ids), its snapshot and what the reader may do. */
export interface ReportViewData {
  report: Omit<Report, "snapshot" | "subscribers"> & { subscriberIds: string[] };
  snapshot: ReportSnapshot | null;
  /** The geometry of its charts (null without a snapshot). */
  charts: ReportCharts | null;
  /** The `reports` texts of the report's own language, whatever the reader's. */
  documentTexts: Record<string, unknown>;
  scheduledFromTitle: string | null;
  members: Array<{ id: string; email: string }>;
  /** The zone its schedule runs in (its owner's). */
  scheduleTimeZone: string;
  canEdit: boolean;
  canSchedule: boolean;
  canDelete: boolean;
}

/** A report's page: the document, its downloads, regenerating, its schedule and deleting it. */
export function ReportView({
  loaderData,
  actionData,
}: {
  loaderData: ReportViewData;
  actionData: FormResult | undefined;
}) {
  const { t, i18n } = useTranslation("reports");
  const { report, snapshot, charts } = loaderData;
  if (!i18n.hasResourceBundle(report.language, "reports")) {
    i18n.addResourceBundle(report.language, "reports", loaderData.documentTexts);
  }
  const documentT = i18n.getFixedT(report.language, "reports");
  const format = reportFormatter(report);
  // One instant, one zone, said: the header (in the reader's language) reads the document's clock.
  const headerFormat = useFormatter({ timeZone: report.timeZone });
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
              {t("view.generatedAt", { time: headerFormat.dateTimeWithZone(report.generatedAt) })}{" "}
              {t("view.snapshotNote")}
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
      {snapshot && charts && (
        <ReportDocument
          title={report.title}
          language={report.language}
          snapshot={snapshot}
          charts={charts}
          t={documentT}
          format={format}
          titleAs="h2"
          linked
        />
      )}
      <div className="mt-6 flex flex-col gap-4">
        {loaderData.canSchedule && (
          <ScheduleCard
            schedule={report.schedule}
            subscriberIds={report.subscriberIds}
            members={loaderData.members}
            timeZone={loaderData.scheduleTimeZone}
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
