import { Link } from "react-router";
import { found, requireReader, servicesOf } from "~/core/context.server";
import { countView, helpLanguage, helpLibrary } from "~/features/help/articles.server";
import { findArticle, relatedArticles } from "~/features/help/library.server";
import { useTranslation } from "~/i18n/use-translation";
import { PageErrorBoundary } from "~/shell/error-page";
import { Card } from "~/ui/card";
import { ArrowLeft, Languages, LifeBuoy } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.help-center.$slug";

export async function loader({ context, params }: Route.LoaderArgs) {
  const language = helpLanguage(requireReader(context));
  const { article, fallback } = found(findArticle(helpLibrary(), language, params.slug));
  await countView(servicesOf(context), article.slug);
  const { slug, title, summary, html, toc, language: written } = article;
  return {
    article: { slug, title, summary, html, toc, language: written },
    fallback,
    related: relatedArticles(helpLibrary(), language, slug).map((a) => ({ slug: a.slug, title: a.title })),
  };
}

export default function HelpArticlePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("help");
  const { article, fallback, related } = loaderData;
  return (
    <>
      <Link
        to="/help-center"
        className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("title")}
      </Link>
      <div lang={fallback ? article.language : undefined}>
        <PageHeader title={article.title} description={article.summary} />
      </div>
      {fallback && (
        <p role="note" className="mb-6 flex items-center gap-2 rounded-lg bg-muted p-3 text-sm">
          <Languages aria-hidden="true" className="size-4 shrink-0" />
          {t("fallback")}
        </p>
      )}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <article
          className="help-article min-w-0"
          lang={fallback ? article.language : undefined}
          // Our own Markdown, rendered with raw HTML escaped and unsafe links dropped (ADR 034).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
          dangerouslySetInnerHTML={{ __html: article.html }}
        />
        <aside className="flex flex-col gap-6 lg:sticky lg:top-20 lg:self-start">
          {article.toc.length > 0 && (
            <nav aria-labelledby="help-toc">
              <h2 id="help-toc" className="mb-2 text-sm font-semibold">
                {t("toc")}
              </h2>
              <ul className="flex flex-col gap-1.5 border-l border-border text-sm">
                {article.toc.map((entry) => (
                  <li key={entry.id} className={entry.level === 3 ? "pl-6" : "pl-3"}>
                    <a href={`#${entry.id}`} className="text-muted-foreground hover:text-foreground">
                      {entry.text}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {related.length > 0 && (
            <nav aria-labelledby="help-related">
              <h2 id="help-related" className="mb-2 text-sm font-semibold">
                {t("related")}
              </h2>
              <ul className="flex flex-col gap-1.5 text-sm">
                {related.map((r) => (
                  <li key={r.slug}>
                    <Link to={`/help-center/${r.slug}`} className="text-primary hover:underline">
                      {r.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <Card>
            <p className="flex items-start gap-2 text-sm">
              <LifeBuoy aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span>
                {t("stillStuck")}{" "}
                <Link to="/help-center#support" className="text-primary hover:underline">
                  {t("contactSupport")}
                </Link>
              </span>
            </p>
          </Card>
        </aside>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
