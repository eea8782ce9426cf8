import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { type FormResult, useIsPending } from "~/lib/forms";
import { useRevalidateWhile } from "~/lib/use-revalidate-while";
import { buttonClass, SubmitButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { InputField, SelectField } from "~/ui/field";
import { FileUp, RefreshCw } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import { UploadPreview } from "~/ui/plain-table";
import { useFormErrors } from "~/ui/use-form-fields";
import type { ImportRow, recentImports } from "./import.server";
import { ITEM_FIELDS, MAX_IMPORT_BYTES } from "./import-fields";
import { ImportErrors, ImportResult, ImportStatusBadge } from "./import-view";

const RUNNING = new Set(["queued", "running"]);
const POLL_MS = 1_500;

/** The import a page shows (`?import=<id>`): its state, and while it waits for confirmation its preview. */
export interface Current
  extends Pick<
    ImportRow,
    "id" | "fileName" | "format" | "status" | "totalRows" | "processedRows" | "errors" | "mapping"
  > {
  result: { new?: number; duplicate?: number; matched?: number; rejected?: number } | null;
  invalidRows: number;
  /** The row a run cut off by its process resumed at; 0 when none was. */
  resumedFrom: number;
  preview: { columns: string[]; rows: string[][] } | null;
}

export interface ImportPageData {
  source: { id: string; name: string };
  current: Current | null;
  recent: Awaited<ReturnType<typeof recentImports>>;
}

/** A refused upload; `row`: the row its message names (a NUL byte's row). */
export type FileFailure = FormResult & { row?: number };

function UploadCard({ result }: { result: FileFailure | undefined }) {
  const { t } = useTranslation("imports");
  const fileError = result?.fieldErrors?.file;
  const uploading = useIsPending("upload");
  return (
    <Card title={t("upload.title")}>
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="upload" />
        <InputField
          name="file"
          type="file"
          accept=".csv,.tsv,.txt,.json,text/csv,application/json"
          required
          label={t("upload.file")}
          hint={t("upload.hint", { size: MAX_IMPORT_BYTES / 1024 ** 2 })}
          error={fileError && t(fileError, { row: result?.row })}
        />
        <SubmitButton pending={uploading} pendingLabel={t("upload.pending")}>
          <FileUp aria-hidden="true" />
          {t("upload.submit")}
        </SubmitButton>
      </Form>
    </Card>
  );
}

function PreviewCard({ current, result }: { current: Current; result: FormResult | undefined }) {
  const { t } = useTranslation("imports");
  const errors = useFormErrors(result);
  const confirming = useIsPending("confirm");
  const format = useFormatter();
  const preview = current.preview;
  if (!preview) return null;
  const chosen = (field: string) => {
    const typed = result?.values?.[`map.${field}`];
    return typeof typed === "string" ? typed : (current.mapping[field] ?? "");
  };
  return (
    <Card title={t("preview.title")}>
      <p className="mb-4 text-sm text-muted-foreground">
        {t("preview.total", { rows: format.number(current.totalRows) })} {t("preview.description")}
      </p>
      <Form method="post" className="flex flex-col gap-5">
        <input type="hidden" name="importId" value={current.id} />
        <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="mb-2 text-sm font-medium">{t("preview.mapping")}</legend>
          {ITEM_FIELDS.map((field) => (
            <SelectField key={field} name={`map.${field}`} label={t(`fields.${field}`)} defaultValue={chosen(field)}>
              <option value="">{t("preview.skip")}</option>
              {preview.columns.map((column) => (
                <option key={column} value={column} data-user-content>
                  {column}
                </option>
              ))}
            </SelectField>
          ))}
        </fieldset>
        <UploadPreview caption={t("preview.caption")} columns={preview.columns} rows={preview.rows} />
        {errors.form && (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <SubmitButton name="intent" value="confirm" pending={confirming} pendingLabel={t("preview.pending")}>
            {t("preview.confirm")}
          </SubmitButton>
          <button type="submit" name="intent" value="discard" formNoValidate className={buttonClass("outline")}>
            {t("preview.discard")}
          </button>
        </div>
      </Form>
    </Card>
  );
}

function ProgressCard({ current }: { current: Current }) {
  const { t } = useTranslation("imports");
  const format = useFormatter();
  const running = RUNNING.has(current.status);
  useRevalidateWhile(running, POLL_MS);

  return (
    <Card title={t("progress.title")} action={<ImportStatusBadge status={current.status} />}>
      <p className="mb-3 text-sm text-muted-foreground" data-user-content>
        {current.fileName}
      </p>
      {running && (
        <div className="flex flex-col gap-2">
          {/* Without JavaScript the page reloads itself while the import runs. */}
          <noscript>
            <meta httpEquiv="refresh" content={String((2 * POLL_MS) / 1000)} />
          </noscript>
          <progress
            className="h-2 w-full overflow-hidden rounded-full bg-muted [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
            max={current.totalRows}
            value={current.processedRows}
            aria-label={t("progress.title")}
          />
          <p className="text-sm" aria-live="polite">
            {current.resumedFrom > 0 && `${t("progress.resuming", { rows: format.number(current.resumedFrom) })} `}
            {t("progress.rows", {
              processed: format.number(current.processedRows),
              total: format.number(current.totalRows),
            })}
          </p>
          <Link to={`?import=${current.id}`} className={cn(buttonClass("outline", "sm"), "self-start")}>
            <RefreshCw aria-hidden="true" />
            {t("progress.refresh")}
          </Link>
        </div>
      )}
      {current.status === "done" && current.result && <ImportResult result={current.result} />}
      {current.status === "failed" && (
        <ImportErrors errors={current.errors} invalidRows={current.invalidRows} format={current.format} />
      )}
    </Card>
  );
}

function RecentImports({ recent }: { recent: ImportPageData["recent"] }) {
  const { t } = useTranslation("imports");
  const format = useFormatter();
  if (recent.length === 0) return null;
  return (
    <Card title={t("recent.title")}>
      <ul className="divide-y divide-border">
        {recent.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <Link to={`?import=${item.id}`} className="min-w-0 truncate font-medium underline-offset-4 hover:underline">
              <span data-user-content>{item.fileName}</span>
            </Link>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1 whitespace-nowrap text-muted-foreground">
              <span>{t("recent.rows", { rows: format.number(item.totalRows) })}</span>
              <time dateTime={new Date(item.createdAt).toISOString()} suppressHydrationWarning>
                {format.when(item.createdAt)}
              </time>
              <ImportStatusBadge status={item.status} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** A manual source's import: upload, then the preview to map and confirm, then its progress; recent imports. */
export function ImportPage({
  data: loaderData,
  actionData,
}: {
  data: ImportPageData;
  actionData: FormResult | undefined;
}) {
  const { t } = useTranslation("imports");
  const { source, current, recent } = loaderData;
  return (
    <>
      <PageHeader
        help="sources#import"
        title={t("title")}
        description={
          <>
            {t("description")}{" "}
            <strong className="font-medium text-foreground" data-user-content>
              {source.name}
            </strong>
          </>
        }
        actions={
          <Link to={`/sources/${source.id}`} className={buttonClass("outline")}>
            {t("backToSource")}
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        {current?.status === "preview" ? (
          <PreviewCard current={current} result={actionData} />
        ) : (
          <>
            {current && <ProgressCard current={current} />}
            <UploadCard result={actionData} />
          </>
        )}
        <RecentImports recent={recent} />
      </div>
    </>
  );
}
