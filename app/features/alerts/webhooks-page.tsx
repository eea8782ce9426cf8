import { Form, Link } from "react-router";
import type { WebhookAttempt } from "~/db/schema";
import { LANGUAGE_NAMES, LANGUAGES } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { type FormResult, typedValue, useIsPending } from "~/lib/forms";
import { Badge } from "~/ui/badge";
import { buttonClass, SubmitButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { FormError, InputField, SelectField } from "~/ui/field";
import { PageHeader } from "~/ui/page-header";
import { SecretOnce } from "~/ui/secret-once";
import type { Tone } from "~/ui/tone";
import { useFormErrors } from "~/ui/use-form-fields";
import { WEBHOOK_FORMATS } from "./schemas";

type Status = "queued" | "delivered" | "failed";

export interface WebhookView {
  id: string;
  url: string;
  format: (typeof WEBHOOK_FORMATS)[number];
  language: string;
  deliveries: Array<{
    id: string;
    event: "alert.volume" | "alert.negative" | "report.ready";
    status: Status;
    attempts: WebhookAttempt[];
    nextAttemptAt: Date | string | null;
    createdAt: Date | string;
  }>;
}

export type WebhooksResult = FormResult & { secret?: { id: string; secret: string } };

const EVENT_KEY = { "alert.volume": "volume", "alert.negative": "negative", "report.ready": "report" } as const;
const TONE: Record<Status, Tone> = { queued: "warning", delivered: "success", failed: "danger" };

/** A project's outgoing webhooks: add one (its secret shown once), rotate or delete, and what was sent. */
export function WebhooksPage({
  project,
  webhooks,
  result,
}: {
  project: { id: string; name: string };
  webhooks: WebhookView[];
  result: WebhooksResult | undefined;
}) {
  const { t } = useTranslation("projects");
  const errors = useFormErrors(result);
  const adding = useIsPending("add");
  return (
    <>
      <PageHeader
        title={t("webhooks.pageTitle", { project: project.name })}
        description={t("webhooks.description")}
        actions={
          <Link to={`/projects/${project.id}`} className={buttonClass("outline")}>
            {t("webhooks.back")}
          </Link>
        }
      />
      <div className="flex max-w-3xl flex-col gap-6">
        {result?.secret && (
          <SecretOnce title={t("webhooks.secretTitle")} text={t("webhooks.secretOnce")} secret={result.secret.secret} />
        )}
        <Card title={t("webhooks.add")}>
          {/* Emptied once an endpoint is added (remounted), kept as typed when refused. */}
          <Form method="post" key={result?.secret?.id ?? "add"} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="add" />
            <InputField
              name="url"
              type="url"
              label={t("webhooks.url")}
              hint={t("webhooks.urlHint")}
              error={errors.field("url")}
              defaultValue={typedValue(result, "url", "")}
              required
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                name="format"
                label={t("webhooks.format")}
                error={errors.field("format")}
                defaultValue={typedValue(result, "format", "slack")}
              >
                {WEBHOOK_FORMATS.map((format) => (
                  <option key={format} value={format}>
                    {t(`webhooks.formats.${format}`)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                name="language"
                label={t("webhooks.language")}
                error={errors.field("language")}
                defaultValue={typedValue(result, "language", "en")}
              >
                {LANGUAGES.map((language) => (
                  <option key={language} value={language} lang={language}>
                    {LANGUAGE_NAMES[language]}
                  </option>
                ))}
              </SelectField>
            </div>
            <FormError>{errors.form}</FormError>
            <SubmitButton pending={adding} pendingLabel={t("webhooks.adding")}>
              {t("webhooks.add")}
            </SubmitButton>
          </Form>
        </Card>
        {webhooks.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("webhooks.none")}</p>
        ) : (
          webhooks.map((webhook) => <Endpoint key={webhook.id} webhook={webhook} />)
        )}
      </div>
    </>
  );
}

function Endpoint({ webhook }: { webhook: WebhookView }) {
  const { t } = useTranslation("projects");
  const format = useFormatter();
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm [overflow-wrap:anywhere]">{webhook.url}</p>
          <p className="text-xs text-muted-foreground">
            {t(`webhooks.formats.${webhook.format}`)} ·{" "}
            {LANGUAGE_NAMES[webhook.language as keyof typeof LANGUAGE_NAMES]}
          </p>
        </div>
        <div className="flex gap-2">
          {(["rotate", "delete"] as const).map((intent) => (
            <Form method="post" key={intent}>
              <input type="hidden" name="intent" value={intent} />
              <input type="hidden" name="endpointId" value={webhook.id} />
              <button type="submit" className={buttonClass(intent === "delete" ? "destructive" : "outline", "sm")}>
                {t(`webhooks.${intent}`)}
              </button>
            </Form>
          ))}
        </div>
      </div>
      <h3 className="mt-4 mb-2 text-sm font-medium">{t("webhooks.deliveries")}</h3>
      {webhook.deliveries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("webhooks.noDeliveries")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border text-sm">
          {webhook.deliveries.map((delivery) => (
            <li key={delivery.id} className="flex flex-col gap-1 py-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{t(`webhooks.events.${EVENT_KEY[delivery.event]}`)}</span>
                <time className="text-muted-foreground" dateTime={new Date(delivery.createdAt).toISOString()}>
                  {format.dateTime(delivery.createdAt)}
                </time>
                <Badge tone={TONE[delivery.status]}>
                  {delivery.status === "queued"
                    ? delivery.nextAttemptAt
                      ? t("webhooks.status.queued", { time: format.dateTime(delivery.nextAttemptAt) })
                      : t("webhooks.status.waiting")
                    : t(`webhooks.status.${delivery.status}`)}
                </Badge>
              </div>
              <ol className="flex flex-col gap-0.5 text-xs text-muted-foreground">
                {delivery.attempts.map((attempt) => (
                  <li key={attempt.at}>
                    <time dateTime={attempt.at}>{format.dateTime(attempt.at)}</time>
                    {" · "}
                    {attempt.status === null ? t("webhooks.noResponse") : `HTTP ${attempt.status}`}
                    {attempt.error && attempt.error !== `HTTP ${attempt.status}` && ` · ${attempt.error}`}
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
