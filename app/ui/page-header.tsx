import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { CircleHelp } from "~/ui/icons";

/** The title block of a page; it also sets the document title. `help`: the slug of the page's help article. */
export function PageHeader({
  title,
  description,
  actions,
  help,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  help?: string;
}) {
  const { t } = useTranslation("help");
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <title>{`${title} · Kuzatuv`}</title>
      {/* The first paint waits for the heading instead of painting the sidebar alone first (ADR 052). */}
      <link rel="expect" href="#page-title" blocking="render" />
      <div className="min-w-0">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
          {title}
        </h1>
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {(actions || help) && (
        <div className="flex flex-wrap items-center gap-2">
          {help && (
            <Link
              to={`/help-center/${help}`}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground"
            >
              <CircleHelp aria-hidden="true" className="size-4" />
              {t("link")}
            </Link>
          )}
          {actions}
        </div>
      )}
    </div>
  );
}
