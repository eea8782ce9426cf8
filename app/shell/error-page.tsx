import { isRouteErrorResponse, Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/ui/button";

export const ERROR_STATUSES = [400, 401, 403, 404, 405, 415, 500, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** Maps anything thrown in a route to the error page to show: known statuses, else 500. */
export function statusOf(error: unknown): ErrorStatus {
  if (isRouteErrorResponse(error) && (ERROR_STATUSES as readonly number[]).includes(error.status)) {
    return error.status as ErrorStatus;
  }
  return 500;
}

/** A full error page: number, title, description and the way out. */
export function ErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation("errors");
  const signIn = status === 401;
  return (
    <main data-error-status={status} className="grid min-h-svh place-items-center bg-background p-6 text-foreground">
      <title>{`${status} · ${t(`${status}.title`)} · Kuzatuv`}</title>
      <div className="flex max-w-md flex-col items-center gap-3 text-center">
        <p className="text-7xl font-bold tracking-tight text-muted-foreground" aria-hidden="true">
          {status}
        </p>
        <h1 className="text-2xl font-semibold">{t(`${status}.title`)}</h1>
        <p className="text-muted-foreground">{t(`${status}.description`)}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {signIn && (
            <Link to="/sign-in" className={buttonClass()}>
              {t("401.action")}
            </Link>
          )}
          <Link to="/" className={buttonClass(signIn ? "outline" : "default")} reloadDocument={status >= 500}>
            {t("common:backToHome")}
          </Link>
        </div>
      </div>
    </main>
  );
}

/** The variant for nested boundaries: no big number; the rest of the page (sidebar, header) still works. */
export function MinimalErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation("errors");
  return (
    <div
      role="alert"
      data-error-status={status}
      className="flex flex-col items-start gap-1 rounded-lg border border-border p-6"
    >
      <title>{`${status} · ${t(`${status}.title`)} · Kuzatuv`}</title>
      <h1 className="text-lg font-semibold">{t(`${status}.title`)}</h1>
      <p className="text-sm text-muted-foreground">{t(`${status}.description`)}</p>
      <Link to="/" className={`${buttonClass("outline")} mt-3`}>
        {t("common:backToHome")}
      </Link>
    </div>
  );
}

/** The error boundary of a page inside the signed-in layout: the shell stays, the page says why. */
export function PageErrorBoundary({ error }: { error: unknown }) {
  return <MinimalErrorPage status={statusOf(error)} />;
}
