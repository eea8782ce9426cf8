import { requireRole } from "~/features/auth/guard.server";
import { SourceForm } from "~/features/sources/source-form";
import { addressFields, getSource, submitSourceForm } from "~/features/sources/sources.server";
import { useTranslation } from "~/i18n/use-translation";
import { formFailure } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.sources.$sourceId.edit";

export async function loader({ context, params }: Route.LoaderArgs) {
  requireRole(context, "sources.manage");
  const source = await getSource(params.sourceId);
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
  const user = requireRole(context, "sources.manage");
  const outcome = await submitSourceForm(user, await request.formData(), params.sourceId);
  if (!outcome.ok) return formFailure(outcome.result, outcome.status);
  return redirectWithToast(`/sources/${outcome.source.id}`, {
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
