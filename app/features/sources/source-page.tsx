import { type ReactNode, Suspense } from "react";
import { Form, Link } from "react-router";
import type { TableState } from "~/core/table";
import { MentionList } from "~/features/mentions/mention-list";
import { LANGUAGE_NAMES, type Language } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { type FormResult, useIsPending } from "~/lib/forms";
import { buttonClass, SubmitButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { ConfirmBulkAction } from "~/ui/data-table/bulk";
import { type Column, countColumn, DataTable } from "~/ui/data-table/data-table";
import { DeleteCard } from "~/ui/delete-card";
import { FileUp, KeyRound, Pause, Pencil, Play } from "~/ui/icons";
import { onDemand } from "~/ui/on-demand";
import { PageHeader } from "~/ui/page-header";
import { historyTable } from "./list";
import { isPolled } from "./schemas";
import {
  FetchNowButton,
  FetchResultBadge,
  intervalLabel,
  LastFetch,
  SourceStatusBadge,
  SourceTypeLabel,
  useFetching,
} from "./source-parts";
import type { SourcePageData } from "./sources.server";
import * as webhookPanel from "./webhook-panel";

// Only a webhook source shows these: a polled source's page does without their code.
const WebhookSecret = onDemand(import.meta.env.SSR ? webhookPanel.WebhookSecret : null, () =>
  import("./webhook-panel").then((module) => module.WebhookSecret),
);
const WebhookEndpoint = onDemand(import.meta.env.SSR ? webhookPanel.WebhookEndpoint : null, () =>
  import("./webhook-panel").then((module) => module.WebhookEndpoint),
);

function Setting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-end [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** What the source's route gives its page. */
export type SourcePageView = SourcePageData & {
  endpoint: string | null;
  historyState: TableState<typeof historyTable>;
};

type Attempt = SourcePageData["history"][number];

/** The source's last fetches, their times in the reader's zone, which the column names. */
function History({
  history,
  state,
  timeZone,
}: {
  history: Attempt[];
  state: TableState<typeof historyTable>;
  timeZone: string;
}) {
  const { t } = useTranslation("sources");
  const format = useFormatter({ timeZone });
  const columns: Array<Column<Attempt>> = [
    {
      id: "time",
      header: t("history.time", { zone: timeZone }),
      rowHeader: true,
      priority: 1,
      cell: (attempt) => (
        <time dateTime={new Date(attempt.startedAt).toISOString()}>{format.dateTime(attempt.startedAt)}</time>
      ),
    },
    {
      id: "duration",
      header: t("history.duration"),
      numeric: true,
      priority: 4,
      cell: (attempt) => t("history.seconds", { value: format.number(attempt.durationMs / 1000) }),
    },
    { id: "http", header: t("history.http"), numeric: true, priority: 4, cell: (attempt) => attempt.httpStatus ?? "—" },
    {
      id: "result",
      header: t("history.result"),
      priority: 2,
      cell: (attempt) => <FetchResultBadge result={attempt.result} />,
    },
    countColumn(format, { id: "newItems", header: t("history.newItems"), priority: 2, count: (a) => a.newItems }),
    countColumn(format, {
      id: "duplicates",
      header: t("history.duplicates"),
      priority: 3,
      count: (a) => a.duplicateItems,
    }),
    {
      id: "error",
      header: t("history.error"),
      priority: 2,
      cell: (attempt) =>
        attempt.error && (
          <span className="block max-w-80 min-w-40 whitespace-normal text-danger" data-user-content>
            {attempt.error}
          </span>
        ),
    },
  ];
  return (
    <DataTable
      spec={historyTable}
      state={state}
      rows={history}
      total={history.length}
      columns={columns}
      getRowId={(attempt) => attempt.id}
      caption={t("detail.history")}
      empty={<p className="text-sm text-muted-foreground">{t("detail.noHistory")}</p>}
      paged={false}
    />
  );
}

/**
 * One source: its status and last fetch, the webhook endpoint or the import, its fetch history and newest
 * mentions, its settings, and for managers the actions and deleting it.
 */
export function SourcePage({
  data: loaderData,
  actionData,
}: {
  data: SourcePageView;
  actionData: { secret: string } | FormResult | undefined;
}) {
  const { t } = useTranslation("sources");
  const format = useFormatter({ timeZone: loaderData.timeZone });
  const { source, canManage, timeZone } = loaderData;
  const paused = source.status === "paused";
  const polled = isPolled(source.type);
  const fetching = useFetching([source])(source);
  const pausing = useIsPending(paused ? "resume" : "pause");
  const secret = actionData && "secret" in actionData ? actionData.secret : null;
  const deleteResult = actionData && !("secret" in actionData) ? actionData : undefined;

  return (
    <>
      <PageHeader
        help="sources"
        title={source.name}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <SourceTypeLabel type={source.type} />
            {source.url && (
              <span className="[overflow-wrap:anywhere]" data-user-content>
                {source.url}
              </span>
            )}
          </span>
        }
        actions={
          canManage && (
            <div className="flex flex-wrap gap-2">
              {polled && <FetchNowButton sourceId={source.id} />}
              <Form method="post">
                <input type="hidden" name="intent" value={paused ? "resume" : "pause"} />
                <SubmitButton variant="outline" size="sm" pending={pausing} pendingLabel={t("form.saving")}>
                  {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
                  {t(paused ? "actions.resume" : "actions.pause")}
                </SubmitButton>
              </Form>
              <Link to="edit" className={buttonClass("outline", "sm")}>
                <Pencil aria-hidden="true" />
                {t("actions.edit")}
              </Link>
            </div>
          )
        }
      />
      <div data-last-fetch className="mb-6 flex flex-wrap items-center gap-3 text-sm">
        <SourceStatusBadge status={source.status} />
        {polled && (
          <span className="flex items-center gap-1.5">
            <span className="text-muted-foreground">{t("table.lastFetch")}:</span>
            <LastFetch at={source.lastFetchedAt} fetching={fetching} timeZone={timeZone} />
          </span>
        )}
        {source.lastResult && <FetchResultBadge result={source.lastResult} />}
      </div>
      {secret && (
        <div className="mb-6 max-w-3xl">
          <Suspense>
            <WebhookSecret secret={secret} />
          </Suspense>
        </div>
      )}

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          {loaderData.endpoint && (
            <Card title={t("webhook.title")}>
              <Suspense>
                <WebhookEndpoint endpoint={loaderData.endpoint} />
              </Suspense>
              {canManage && (
                <Form method="post" className="mt-4">
                  <ConfirmBulkAction
                    intent="rotate"
                    label={
                      <>
                        <KeyRound aria-hidden="true" />
                        {t("webhook.rotate")}
                      </>
                    }
                    description={t("webhook.rotateDescription")}
                    confirm={t("webhook.rotateConfirm")}
                  />
                </Form>
              )}
            </Card>
          )}

          {source.type === "manual" && (
            <Card title={t("import.title")}>
              <p className="mb-3 text-sm text-muted-foreground">{t("import.description")}</p>
              {canManage && (
                <Link to="import" className={buttonClass("outline", "sm")}>
                  <FileUp aria-hidden="true" />
                  {t("import.start")}
                </Link>
              )}
            </Card>
          )}
          {polled && (
            <Card title={t("detail.history")}>
              <History history={loaderData.history} state={loaderData.historyState} timeZone={timeZone} />
            </Card>
          )}
          <Card title={t("detail.mentions")}>
            <MentionList mentions={loaderData.mentions} empty={t("detail.noMentions")} />
          </Card>
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <Card title={t("detail.settings")}>
            <dl className="flex flex-col gap-2 text-sm">
              <Setting label={t("form.type")}>
                <SourceTypeLabel type={source.type} />
              </Setting>
              {source.url && (
                <Setting label={t(source.type === "telegram" ? "form.handle" : `form.url.${source.type}`)}>
                  <span data-user-content>{source.url}</span>
                </Setting>
              )}
              <Setting label={t("form.language")}>
                {source.language
                  ? (LANGUAGE_NAMES[source.language as Language] ?? source.language)
                  : t("form.languageAuto")}
              </Setting>
              {polled && <Setting label={t("form.interval")}>{intervalLabel(t, source.pollIntervalMinutes)}</Setting>}
              {polled && !paused && (
                <Setting label={t("detail.nextFetch")}>
                  <time dateTime={new Date(source.nextFetchAt).toISOString()} suppressHydrationWarning>
                    {new Date(source.nextFetchAt) > new Date() ? format.relative(source.nextFetchAt) : t("detail.due")}
                  </time>
                </Setting>
              )}
              {polled && <Setting label={t("table.failures")}>{format.number(source.failureCount)}</Setting>}
              {source.lastError && (
                <Setting label={t("detail.lastError")}>
                  <span className="text-danger" data-user-content>
                    {source.lastError}
                  </span>
                </Setting>
              )}
              <Setting label={t("detail.created")}>{format.date(source.createdAt)}</Setting>
            </dl>
          </Card>
        </div>
      </div>

      {canManage && (
        <DeleteCard
          ns="sources"
          description={t("delete.description", { count: format.number(loaderData.mentionsTotal) })}
          confirmLabel={t("delete.confirmLabel", { name: source.storedName })}
          result={deleteResult}
        />
      )}
    </>
  );
}
