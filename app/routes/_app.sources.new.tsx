import { Link } from "react-router";
import { requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { DEFAULT_POLL_INTERVAL, SOURCE_TYPES, type SourceType, sourceSchema } from "~/features/sources/schemas";
import { SourceForm, SourceTypePicker } from "~/features/sources/source-form";
import { createSource } from "~/features/sources/sources.server";
import { WebhookEndpoint, WebhookSecret } from "~/features/sources/webhook-panel";
import { useTranslation } from "~/i18n/use-translation";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { buttonClass } from "~/ui/button";
import { Card } from "~/ui/card";
import { ArrowRight } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.sources.new";

const typeOf = (value: string | null) =>
  (SOURCE_TYPES as readonly string[]).includes(value ?? "") ? (value as SourceType) : null;

export async function loader({ context, url }: Route.LoaderArgs) {
  requirePermission(requireReader(context), "sources.manage");
  return { type: typeOf(url.searchParams.get("type")) };
}

/**
 * Adds the source and opens its page. A webhook source is answered here instead: its secret is shown
 * this once, in this response, and is never stored, logged or put in a URL.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "sources.manage");
  const submission = parseForm(await readForm(request), sourceSchema);
  if (!submission.success) return formFailure(submission.result);
  const outcome = await createSource(servicesOf(context), reader, submission.data);
  if (!outcome.ok) return formFailure({ values: submission.values, fieldErrors: outcome.fieldErrors }, outcome.status);
  const { source, secret } = outcome;
  if (secret) {
    return { created: { id: source.id, name: source.name, secret, endpoint: `${url.origin}/api/ingest/${source.id}` } };
  }
  return redirectWithToast(servicesOf(context).env, `/sources/${source.id}`, {
    type: "success",
    key: "sources:toast.created",
    values: { name: source.name },
  });
}

export default function NewSourcePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("sources");
  if (actionData && "created" in actionData) {
    const { created } = actionData;
    return (
      <>
        <PageHeader help="sources#webhook" title={t("toast.created", { name: created.name })} />
        <Card className="flex max-w-3xl flex-col gap-4">
          <WebhookSecret secret={created.secret} />
          <WebhookEndpoint endpoint={created.endpoint} />
          <Link to={`/sources/${created.id}`} className={buttonClass()}>
            {t("new.toSource")}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Card>
      </>
    );
  }
  const type = loaderData.type ?? (actionData?.values?.type ? typeOf(String(actionData.values.type)) : null);
  return (
    <>
      <PageHeader
        help="sources"
        title={t("new.title")}
        description={type ? t(`typeDescription.${type}`) : t("new.description")}
      />
      {type ? (
        <SourceForm
          type={type}
          defaults={{ name: "", url: "", handle: "", language: "", pollIntervalMinutes: DEFAULT_POLL_INTERVAL }}
          result={actionData}
          create
          submitLabel={t("new.submit")}
          cancelTo="/sources"
        />
      ) : (
        <SourceTypePicker />
      )}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
