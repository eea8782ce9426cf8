import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { useIsPending } from "~/lib/forms";
import { buttonClass, SubmitButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { InputField, SelectField } from "~/ui/field";
import { FileUp } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import { UploadPreview } from "~/ui/plain-table";
import { RowProblems } from "~/ui/row-problems";
import { useFormErrors } from "~/ui/use-form-fields";
import {
  type ImportPreview,
  type ImportUpload,
  MAX_TASK_IMPORT_BYTES,
  PREVIEW_ROWS,
  type RowError,
  TASK_FIELDS,
} from "./import-fields";

/** The project of the rows that name none, on both steps. */
function DefaultProjectField({ projects, chosen }: { projects: Array<{ id: string; name: string }>; chosen: string }) {
  const { t } = useTranslation("tasks");
  return (
    <SelectField
      name="defaultProjectId"
      label={t("import.defaultProject")}
      hint={t("import.defaultProjectHint")}
      defaultValue={chosen}
    >
      <option value="">{t("field.chooseProject")}</option>
      {projects.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </SelectField>
  );
}

function UploadStep({ projects, result }: { projects: Array<{ id: string; name: string }>; result?: ImportUpload }) {
  const { t } = useTranslation("tasks");
  const errors = useFormErrors(result);
  const format = useFormatter();
  const pending = useIsPending("upload");
  const fileError = errors.field("file");
  return (
    <Card className="max-w-2xl">
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" noValidate>
        <InputField
          name="file"
          type="file"
          accept=".csv,.tsv,.txt,text/csv"
          label={t("import.file")}
          hint={t("import.fileHint", { size: format.number(MAX_TASK_IMPORT_BYTES / 1024) })}
          error={fileError && (result?.line ? `${fileError} ${t("import.atLine", { line: result.line })}` : fileError)}
          autoFocus={Boolean(fileError) || undefined}
        />
        <DefaultProjectField projects={projects} chosen={result?.values.defaultProjectId ?? ""} />
        <SubmitButton name="intent" value="upload" pending={pending} pendingLabel={t("import.reading")}>
          <FileUp aria-hidden="true" />
          {t("import.preview")}
        </SubmitButton>
      </Form>
    </Card>
  );
}

function PreviewStep({ result, projects }: { result: ImportPreview; projects: Array<{ id: string; name: string }> }) {
  const { t } = useTranslation("tasks");
  const pending = useIsPending("confirm");
  const say = (error: RowError) => t(`import.problems.${error.problem}`, { field: t(`import.fields.${error.field}`) });
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-6">
      <input type="hidden" name="fileName" value={result.fileName} />
      <textarea name="content" defaultValue={result.content} hidden readOnly />
      <Card className="flex flex-col gap-4">
        <div>
          <h2 className="font-semibold">{t("import.mappingTitle")}</h2>
          <p className="text-sm text-muted-foreground">
            {t("import.summary", { file: result.fileName, count: result.totalRows })}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {TASK_FIELDS.map((field) => (
            <SelectField
              key={field}
              name={`map.${field}`}
              label={t(`import.fields.${field}`)}
              defaultValue={result.mapping[field] ?? ""}
            >
              <option value="">{t("import.notImported")}</option>
              {result.columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </SelectField>
          ))}
          <DefaultProjectField projects={projects} chosen={result.defaultProjectId} />
        </div>
      </Card>
      {result.invalidRows > 0 || result.errors.length > 0 ? (
        <div className="flex flex-col gap-3">
          <p role="alert" className="text-sm font-medium text-danger">
            {result.invalidRows > 0
              ? t("import.rejected", { count: result.invalidRows })
              : t("import.problems.unmapped", { field: t("import.fields.title") })}
          </p>
          {result.invalidRows > 0 && (
            <RowProblems
              caption={t("import.errorsCaption")}
              rowLabel={t("import.row")}
              problemLabel={t("import.problem")}
              problems={result.errors.map((error) => ({ row: error.row, problem: say(error) }))}
            />
          )}
        </div>
      ) : null}
      <section aria-labelledby="import-preview" className="flex flex-col gap-2">
        <h2 id="import-preview" className="font-semibold">
          {t("import.previewTitle", { count: Math.min(PREVIEW_ROWS, result.totalRows) })}
        </h2>
        <UploadPreview
          columns={result.columns}
          rows={result.rows.map((row) => result.columns.map((column) => row[column] ?? ""))}
        />
      </section>
      <div className="flex flex-wrap gap-2">
        <SubmitButton name="intent" value="confirm" pending={pending} pendingLabel={t("import.importing")}>
          {t("import.confirm", { count: result.totalRows })}
        </SubmitButton>
        <Link to="/tasks/import" className={buttonClass("outline")}>
          {t("import.another")}
        </Link>
      </div>
    </Form>
  );
}

/** The import's page: the upload, then the preview with its mapping (and, after a refused confirmation, its problems). */
export function ImportTasksPage({
  loaderData,
  actionData,
}: {
  loaderData: { projects: Array<{ id: string; name: string }> };
  actionData: ImportPreview | ImportUpload | undefined;
}) {
  const { t } = useTranslation("tasks");
  return (
    <>
      <PageHeader help="tasks#csv" title={t("import.title")} description={t("import.description")} />
      {actionData?.step === "preview" ? (
        <PreviewStep result={actionData} projects={loaderData.projects} />
      ) : (
        <UploadStep projects={loaderData.projects} result={actionData} />
      )}
    </>
  );
}
