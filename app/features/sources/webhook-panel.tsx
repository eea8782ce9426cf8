import { useTranslation } from "~/i18n/use-translation";
import { KeyRound } from "~/ui/icons";

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

/** A webhook secret, just made: shown this once, never again (only its hash is kept). */
export function SecretOnce({ secret }: { secret: string }) {
  const { t } = useTranslation("sources");
  return (
    <div role="status" className="flex flex-col gap-2 rounded-lg border border-warning/50 bg-warning/10 p-4">
      <p className="flex items-center gap-2 font-medium">
        <KeyRound aria-hidden="true" className="size-4 shrink-0" />
        {t("webhook.secretTitle")}
      </p>
      <p className="text-sm">{t("webhook.secretOnce")}</p>
      {/* One click selects it all (user-select: all), with or without JavaScript. */}
      <code className="block rounded-md border border-border bg-background px-3 py-2 font-mono text-sm break-all select-all">
        {secret}
      </code>
    </div>
  );
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
