import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { PageErrorBoundary } from "~/shell/error-page";
import { buttonClass } from "~/ui/button";
import { Plug } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";

/** Integrations are disabled for everyone (SPEC §2); the page says so and points to Sources. */
export default function IntegrationsPage() {
  const { t } = useTranslation("pages");
  return (
    <>
      <PageHeader title={t("integrations.title")} description={t("integrations.description")} />
      <section className="flex max-w-2xl items-start gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground">
        <span
          className="grid size-10 shrink-0 place-items-center rounded-lg bg-muted text-muted-foreground"
          aria-hidden="true"
        >
          <Plug />
        </span>
        <div className="flex flex-col gap-2">
          <h2 className="font-semibold">{t("integrations.disabledTitle")}</h2>
          <p className="text-sm text-muted-foreground">{t("integrations.disabledBody")}</p>
          <Link to="/sources" className={`${buttonClass("outline", "sm")} mt-2 self-start`}>
            {t("navigation:sources")}
          </Link>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
