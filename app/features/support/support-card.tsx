import { Form } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { type FormResult, typedValue, useIsPending } from "~/lib/forms";
import { Badge } from "~/ui/badge";
import { buttonClass, SubmitButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { InputField, SelectField, TextareaField } from "~/ui/field";
import { CircleCheck, Clock, Send, TriangleAlert } from "~/ui/icons";
import { ItemText } from "~/ui/item-text";
import { useFormErrors } from "~/ui/use-form-fields";
import { MESSAGE_MAX, SUPPORT_TOPICS } from "./schemas";

export interface SupportRequestRow {
  id: string;
  topic: string;
  message: string;
  status: "queued" | "sent" | "failed";
  createdAt: Date | string;
}

const STATUS = {
  queued: { tone: "warning", icon: Clock },
  sent: { tone: "success", icon: CircleCheck },
  failed: { tone: "danger", icon: TriangleAlert },
} as const;

/**
 * "Contact support": the Telegram bot's link, the form that reaches the support chat, and the status of
 * the user's latest questions. A plain form; what was typed comes back with the errors.
 */
export function SupportCard({
  botUrl,
  form,
  requests,
  result,
}: {
  botUrl: string | null;
  form: boolean;
  requests: SupportRequestRow[];
  result: FormResult | undefined;
}) {
  const { t } = useTranslation("help");
  const format = useFormatter();
  const errors = useFormErrors(result);
  const pending = useIsPending();
  return (
    <Card title={t("support.title")} className="scroll-mt-20">
      <div id="support" className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">{t(form || botUrl ? "support.intro" : "support.none")}</p>
        {botUrl && (
          <a href={botUrl} className={buttonClass("outline")} target="_blank" rel="noopener noreferrer">
            <Send aria-hidden="true" />
            {t("support.telegram")}
          </a>
        )}
        {form && (
          <Form method="post" className="flex flex-col gap-4" aria-label={t("support.formLabel")}>
            {errors.form && (
              <p role="alert" className="text-sm text-danger">
                {errors.form}
              </p>
            )}
            <SelectField
              name="topic"
              label={t("support.topic")}
              defaultValue={typedValue(result, "topic", "question")}
              error={errors.field("topic")}
            >
              {SUPPORT_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {t(`support.topics.${topic}`)}
                </option>
              ))}
            </SelectField>
            <TextareaField
              name="message"
              label={t("support.message")}
              hint={t("support.messageHint")}
              rows={5}
              maxLength={MESSAGE_MAX}
              required
              defaultValue={typedValue(result, "message", "")}
              error={errors.field("message")}
            />
            <InputField
              name="pageUrl"
              type="url"
              inputMode="url"
              label={t("support.pageUrl")}
              hint={t("support.pageUrlHint")}
              placeholder="https://"
              defaultValue={typedValue(result, "pageUrl", "")}
              error={errors.field("pageUrl")}
            />
            <SubmitButton pending={pending} pendingLabel={t("support.sending")}>
              <Send aria-hidden="true" />
              {t("support.send")}
            </SubmitButton>
          </Form>
        )}
        {requests.length > 0 && (
          <section aria-labelledby="support-requests" className="flex flex-col gap-2">
            <h3 id="support-requests" className="text-sm font-medium">
              {t("support.yours")}
            </h3>
            <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
              {requests.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                  <ItemText
                    name={r.message}
                    detail={`${t(`support.topics.${r.topic}`)} · ${format.dateTime(r.createdAt)}`}
                  />
                  <Badge tone={STATUS[r.status].tone} icon={STATUS[r.status].icon}>
                    {t(`support.status.${r.status}`)}
                  </Badge>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Card>
  );
}
