import { data, redirect } from "react-router";
import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import {
  confirmImport,
  createImport,
  discardImport,
  findImport,
  manualSource,
  previewOf,
  recentImports,
} from "~/features/sources/import.server";
import { ITEM_FIELDS } from "~/features/sources/import-fields";
import { type Current, type FileFailure, ImportPage } from "~/features/sources/import-page";
import { readForm } from "~/lib/form-body.server";
import { formFailure } from "~/lib/forms.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { Route } from "./+types/_app.sources.$sourceId.import";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  requirePermission(requireReader(context), "sources.manage");
  const services = servicesOf(context);
  const source = found(await manualSource(services, params.sourceId));
  const importId = url.searchParams.get("import");
  const row = importId ? found(await findImport(services, source.id, importId)) : null;
  const current: Current | null = row && {
    id: row.id,
    fileName: row.fileName,
    format: row.format,
    status: row.status,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    result: row.result as Current["result"],
    errors: row.errors,
    invalidRows: Number((row.result as { invalidRows?: number } | null)?.invalidRows ?? 0),
    resumedFrom: Number((row.result as { resumedFrom?: number } | null)?.resumedFrom ?? 0),
    mapping: row.mapping,
    preview: row.status === "preview" ? await previewOf(row) : null,
  };
  return { source: { id: source.id, name: source.name }, current, recent: await recentImports(services, source.id) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "sources.manage");
  const services = servicesOf(context);
  const source = found(await manualSource(services, params.sourceId));
  const form = await readForm(request);
  const here = `/sources/${source.id}/import`;
  const intent = form.get("intent");

  if (intent === "upload") {
    const file = form.get("file");
    // A form sent with no file chosen carries an empty part without a name.
    if (!(file instanceof File) || (file.size === 0 && !file.name)) {
      return formFailure({ fieldErrors: { file: "imports:fileErrors.missing" } });
    }
    const created = await createImport(
      services,
      source.id,
      { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
      reader.id,
    );
    if ("problem" in created) {
      // The row is named in the message (a NUL byte's row).
      const fieldErrors = { file: `imports:fileErrors.${created.problem}` };
      return data<FileFailure>({ fieldErrors, row: created.line }, 400);
    }
    return redirect(`${here}?import=${created.id}`);
  }

  const row = found(await findImport(services, source.id, String(form.get("importId") ?? "")));
  if (intent === "discard") {
    await discardImport(services, row);
    return redirect(here);
  }
  if (intent === "confirm") {
    const chosen = Object.fromEntries(ITEM_FIELDS.map((field) => [field, String(form.get(`map.${field}`) ?? "")]));
    const confirmed = await confirmImport(services, row, chosen);
    if (!confirmed.ok) {
      const values = Object.fromEntries(Object.entries(chosen).map(([field, column]) => [`map.${field}`, column]));
      return formFailure({ values, formError: { key: `imports:confirmErrors.${confirmed.problem}` } }, 409);
    }
    return redirect(`${here}?import=${row.id}`);
  }
  return formFailure({ formError: { key: "forms:errors.invalid" } });
}

export default function ImportRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportPage data={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = PageErrorBoundary;
