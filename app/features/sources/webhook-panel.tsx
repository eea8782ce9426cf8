import { useTranslation } from "~/i18n/use-translation";
import { SecretOnce } from "~/ui/secret-once";

/** Sample body for the curl example: one item, in the API's field names. */
const SAMPLE_ITEM = JSON.stringify({
  externalId: "post-1",
  url: "https://example.com/post-1",
  title: "Title",
  text: "Text of the mention",
  publishedAt: "2026-01-15T09:30:00Z",
});

export function curlExample(endpoint: string) {
  return [
    `curl -X POST '${endpoint}' \\`,
    `  -H "Authorization: Bearer $KUZATUV_WEBHOOK_SECRET" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${SAMPLE_ITEM}'`,
  ].join("\n");
}

/** A webhook source's secret key, just made: shown this once. */
export function WebhookSecret({ secret }: { secret: string }) {
  const { t } = useTranslation("sources");
  return <SecretOnce title={t("webhook.secretTitle")} text={t("webhook.secretOnce")} secret={secret} />;
}

/** Where a webhook source takes its items, and how to send one. */
export function WebhookEndpoint({ endpoint }: { endpoint: string }) {
  const { t } = useTranslation("sources");
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div>
        <p className="text-muted-foreground">{t("webhook.endpoint")}</p>
        <code className="block rounded-md bg-muted px-3 py-2 font-mono [overflow-wrap:anywhere]">POST {endpoint}</code>
      </div>
      <div>
        <p className="text-muted-foreground">{t("webhook.example")}</p>
        <pre className="overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs">
          <code>{curlExample(endpoint)}</code>
        </pre>
      </div>
      <p className="text-muted-foreground">{t("webhook.limits")}</p>
    </div>
  );
}
