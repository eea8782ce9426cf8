import { data, Form, Link } from "react-router";
import { requireRole } from "~/features/auth/guard.server";
import {
  checkTaskRows,
  guessTaskMapping,
  importTasks,
  readTaskCsv,
  readTaskFile,
  type TaskFile,
} from "~/features/tasks/csv.server";
import { MAX_TASK_IMPORT_BYTES, type RowError, TASK_FIELDS, type TaskMapping } from "~/features/tasks/import-fields";
import { taskProjectChoices } from "~/features/tasks/tasks.server";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { useFormErrors, useIsPending } from "~/lib/forms";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { buttonClass, SubmitButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { InputField, SelectField } from "~/ui/field";
import { FileUp } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.tasks.import";

const PREVIEW_ROWS = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireRole(context, "tasks.edit");
  return { projects: await taskProjectChoices(user) };
}

type Preview = {
  step: "preview";
  fileName: string;
  content: string;
  columns: string[];
  rows: Array<Record<string, string>>;
  totalRows: number;
  mapping: TaskMapping;
  defaultProjectId: string;
  errors: RowError[];
  invalidRows: number;
};

type Upload = { step: "upload"; fieldErrors: Record<string, string>; values: Record<string, string>; line?: number };

function preview(file: TaskFile, fileName: string, mapping: TaskMapping, defaultProjectId: string): Preview {
  return {
    step: "preview",
    fileName,
    content: file.content,
    columns: file.columns,
    rows: file.rows.slice(0, PREVIEW_ROWS),
    totalRows: file.rows.length,
    mapping,
    defaultProjectId,
    errors: [],
    invalidRows: 0,
  };
}

/**
 * Two posts, nothing stored in between (ADR 031): the upload is read and shown with a guessed mapping;
 * the confirmation carries the file's text back, checks every row and stores all of them or none.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "tasks.edit");
  const form = await request.formData();
  const defaultProjectId = String(form.get("defaultProjectId") ?? "");
  const fallbackProject = UUID.test(defaultProjectId) ? defaultProjectId : null;
  if (form.get("intent") === "upload") {
    const file = form.get("file");
    const values = { defaultProjectId };
    if (!(file instanceof File) || (file.size === 0 && !file.name)) {
      return data<Upload>({ step: "upload", values, fieldErrors: { file: "tasks:import.fileErrors.missing" } }, 400);
    }
    const read = readTaskFile(new Uint8Array(await file.arrayBuffer()));
    if ("problem" in read) {
      const fieldErrors = { file: `tasks:import.fileErrors.${read.problem}` };
      return data<Upload>({ step: "upload", values, fieldErrors, line: read.line }, 400);
    }
    return preview(read, file.name, guessTaskMapping(read.columns), defaultProjectId);
  }
  const fileName = String(form.get("fileName") ?? "");
  const read = readTaskCsv(String(form.get("content") ?? ""));
  if ("problem" in read) {
    const fieldErrors = { file: `tasks:import.fileErrors.${read.problem}` };
    return data<Upload>({ step: "upload", values: { defaultProjectId }, fieldErrors, line: read.line }, 400);
  }
  const mapping: TaskMapping = {};
  for (const field of TASK_FIELDS) {
    const column = String(form.get(`map.${field}`) ?? "");
    if (read.columns.includes(column)) mapping[field] = column;
  }
  const checked = await checkTaskRows(context, user, read, mapping, fallbackProject);
  if (!checked.ok) {
    return data<Preview>(
      {
        ...preview(read, fileName, mapping, defaultProjectId),
        errors: checked.errors,
        invalidRows: checked.invalidRows,
      },
      422,
    );
  }
  const count = await importTasks(user, checked.tasks);
  return redirectWithToast("/tasks", { type: "success", key: "tasks:import.done", values: { count } });
}

function UploadStep({ projects, result }: { projects: Array<{ id: string; name: string }>; result?: Upload }) {
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
        <SelectField
          name="defaultProjectId"
          label={t("import.defaultProject")}
          hint={t("import.defaultProjectHint")}
          defaultValue={result?.values.defaultProjectId ?? ""}
        >
          <option value="">{t("field.chooseProject")}</option>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <SubmitButton name="intent" value="upload" pending={pending} pendingLabel={t("import.reading")}>
          <FileUp aria-hidden="true" />
          {t("import.preview")}
        </SubmitButton>
      </Form>
    </Card>
  );
}

function PreviewStep({ result, projects }: { result: Preview; projects: Array<{ id: string; name: string }> }) {
  const { t } = useTranslation("tasks");
  const format = useFormatter();
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
          <SelectField
            name="defaultProjectId"
            label={t("import.defaultProject")}
            hint={t("import.defaultProjectHint")}
            defaultValue={result.defaultProjectId}
          >
            <option value="">{t("field.chooseProject")}</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
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
            <div className="overflow-x-auto rounded-lg border border-border">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t("import.errorsCaption")}</caption>
                <thead className="bg-muted/50">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t("import.row")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t("import.problem")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.errors.map((error) => (
                    <tr key={`${error.row}:${error.field}`} className="border-t border-border">
                      <td className="px-3 py-2 tabular-nums">{format.number(error.row)}</td>
                      <td className="px-3 py-2">{say(error)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ) : null}
      <section aria-labelledby="import-preview" className="flex flex-col gap-2">
        <h2 id="import-preview" className="font-semibold">
          {t("import.previewTitle", { count: Math.min(PREVIEW_ROWS, result.totalRows) })}
        </h2>
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <thead className="bg-muted/50">
              <tr>
                {result.columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-medium whitespace-nowrap" data-user-content>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no id and never reorder.
                <tr key={i} className="border-t border-border">
                  {result.columns.map((column) => (
                    <td key={column} className="max-w-64 truncate px-3 py-2" data-user-content>
                      {row[column]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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

export default function ImportTasksPage({ loaderData, actionData }: Route.ComponentProps) {
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

export const ErrorBoundary = PageErrorBoundary;
