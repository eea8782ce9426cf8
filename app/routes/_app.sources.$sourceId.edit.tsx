import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { sourceSchema } from "~/features/sources/schemas";
import { SourceForm } from "~/features/sources/source-form";
import { addressFields, getSource, updateSource } from "~/features/sources/sources.server";
import { useTranslation } from "~/i18n/use-translation";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.sources.$sourceId.edit";

export async function loader({ context, params }: Route.LoaderArgs) {
  requirePermission(requireReader(context), "sources.manage");
  const source = found(await getSource(servicesOf(context), params.sourceId));
  return {
    source: {
      id: source.id,
      type: source.type,
      name: source.name,
      language: source.language ?? "",
      pollIntervalMinutes: source.pollIntervalMinutes,
      ...addressFields(source),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requirePermission(requireReader(context), "sources.manage");
  const services = servicesOf(context);
  const source = found(await getSource(services, params.sourceId));
  const form = await readForm(request);
  // The type is the stored one: an edit cannot change it.
  form.set("type", source.type);
  const submission = parseForm(form, sourceSchema);
  if (!submission.success) return formFailure(submission.result);
  const outcome = await updateSource(services, source, submission.data);
  if (!outcome.ok) return formFailure({ values: submission.values, fieldErrors: outcome.fieldErrors }, outcome.status);
  return redirectWithToast(services.env, `/sources/${outcome.source.id}`, {
    type: "success",
    key: "sources:toast.saved",
    values: { name: outcome.source.name },
  });
}

export default function EditSourcePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("sources");
  const { source } = loaderData;
  return (
    <>
      <PageHeader help="sources" title={t("edit.title", { name: source.name })} />
      <SourceForm
        type={source.type}
        defaults={source}
        result={actionData}
        create={false}
        submitLabel={t("edit.submit")}
        cancelTo={`/sources/${source.id}`}
      />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
