import { Form } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { useIsPending } from "~/lib/forms";
import { useRevalidateWhile } from "~/lib/use-revalidate-while";
import { buttonClass, SubmitButton } from "~/ui/button";
import { FormError } from "~/ui/field";
import { Send } from "~/ui/icons";
import { SettingsSection } from "~/ui/settings-section";

const KINDS = ["volume", "negative", "reports"] as const;
const REFRESH_MS = 3_000;

export interface TelegramView {
  bot: string | null;
  linked: { chatName: string | null; linkedAt: Date | string | null } | null;
  lost: { at: Date | string; reason: "blocked" | "chat_not_found" } | null;
  codeOpen: boolean;
  projects: Array<{ id: string; name: string; volume: boolean; negative: boolean; reports: boolean }>;
}

/**
 * Settings → Notifications' Telegram section: link (a one-time deep link to the bot), unlink, and per project
 * which alerts come there. Plain form posts; with JavaScript the page refreshes itself until the chat is
 * linked.
 */
export function TelegramSettings({
  telegram,
  deepLink,
  error,
  notifyNone,
  linkMinutes,
}: {
  telegram: TelegramView;
  /** The link just made by "Link Telegram". */
  deepLink: string | undefined;
  error: string | undefined;
  notifyNone: boolean;
  linkMinutes: number;
}) {
  const { t } = useTranslation("settings");
  const format = useFormatter();
  const linking = useIsPending("telegram-link");
  const unlinking = useIsPending("telegram-unlink");
  const waiting = Boolean(deepLink && telegram.codeOpen && !telegram.linked);
  useRevalidateWhile(waiting, REFRESH_MS);

  if (!telegram.bot) {
    return (
      <SettingsSection id="telegram" title={t("telegram.title")}>
        <p className="text-sm text-muted-foreground">{t("telegram.off")}</p>
      </SettingsSection>
    );
  }
  const { linked, lost } = telegram;
  return (
    <SettingsSection
      id="telegram"
      title={t("telegram.title")}
      description={t("telegram.description", { bot: `@${telegram.bot}` })}
    >
      {lost && !linked && (
        <p role="status" className="rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
          {t(`telegram.lost.${lost.reason}`, { date: format.dateTime(lost.at) })}
        </p>
      )}
      {notifyNone && <p className="text-sm text-muted-foreground">{t("telegram.notifyNone")}</p>}
      {linked ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">
            {t("telegram.linkedTo", {
              chat: linked.chatName ?? t("telegram.unnamedChat"),
              date: linked.linkedAt ? format.date(linked.linkedAt) : "",
            })}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="telegram-unlink" />
            <SubmitButton variant="outline" pending={unlinking} pendingLabel={t("telegram.unlink")}>
              {t("telegram.unlink")}
            </SubmitButton>
          </Form>
        </div>
      ) : waiting ? (
        <div role="status" className="flex flex-col gap-2">
          <a href={deepLink} target="_blank" rel="noopener noreferrer" className={buttonClass()}>
            <Send aria-hidden="true" />
            {t("telegram.openLink")}
          </a>
          <p className="text-sm text-muted-foreground">{t("telegram.linkHint", { minutes: linkMinutes })}</p>
        </div>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="telegram-link" />
          <SubmitButton pending={linking} pendingLabel={t("telegram.linking")}>
            <Send aria-hidden="true" />
            {lost ? t("telegram.linkAgain") : t("telegram.link")}
          </SubmitButton>
        </Form>
      )}
      <FormError>{error}</FormError>
      {linked && <Choices projects={telegram.projects} />}
    </SettingsSection>
  );
}

function Choices({ projects }: { projects: TelegramView["projects"] }) {
  const { t } = useTranslation("settings");
  const saving = useIsPending("telegram-choices");
  if (projects.length === 0) return <p className="text-sm text-muted-foreground">{t("telegram.noProjects")}</p>;
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="telegram-choices" />
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-medium">{t("telegram.choicesLegend")}</caption>
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("telegram.project")}
              </th>
              {KINDS.map((kind) => (
                <th key={kind} scope="col" className="px-3 py-2 text-center font-medium">
                  {t(`telegram.kinds.${kind}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {projects.map((project) => (
              <tr key={project.id} className="border-b border-border last:border-b-0">
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  {project.name}
                </th>
                {KINDS.map((kind) => (
                  <td key={kind} className="px-3 py-2 text-center">
                    <input
                      type="checkbox"
                      name="choice"
                      value={`${project.id}:${kind}`}
                      defaultChecked={project[kind]}
                      aria-label={`${t(`telegram.kinds.${kind}`)}: ${project.name}`}
                      className="size-4 accent-[var(--primary)]"
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">{t("telegram.reportsHint")}</p>
      <SubmitButton variant="outline" pending={saving} pendingLabel={t("saving")}>
        {t("telegram.save")}
      </SubmitButton>
    </Form>
  );
}
