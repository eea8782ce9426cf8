import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/ui/button";
import { Card } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { HiddenLabel } from "~/ui/field";
import { Highlighted } from "~/ui/highlighted";
import { BookOpen, LifeBuoy, Search, SearchX } from "~/ui/icons";
import { Input } from "~/ui/input";
import { PageHeader } from "~/ui/page-header";
import type { Topic } from "./library.server";
import type { SearchHit } from "./search.server";

interface ArticleBrief {
  slug: string;
  title: string;
  summary: string;
}

export interface HelpCenterData {
  q: string;
  results: SearchHit[] | null;
  topics: Array<{ topic: Topic; articles: ArticleBrief[] }>;
  popular: ArticleBrief[];
}

function SearchBox({ q }: { q: string }) {
  const { t } = useTranslation("help");
  return (
    <Form method="get" role="search" className="mb-6 flex gap-2">
      <HiddenLabel htmlFor="help-q">{t("search.label")}</HiddenLabel>
      <Input
        id="help-q"
        name="q"
        type="search"
        defaultValue={q}
        placeholder={t("search.placeholder")}
        className="max-w-xl"
        maxLength={200}
      />
      <button type="submit" className={buttonClass()}>
        <Search aria-hidden="true" />
        <span className="max-sm:sr-only">{t("search.submit")}</span>
      </button>
    </Form>
  );
}

/** The help center: search, the popular articles and every topic's, with `support` ("Contact support") beside. */
export function HelpCenterPage({ data, support }: { data: HelpCenterData; support: ReactNode }) {
  const { t } = useTranslation("help");
  const { q, results, topics, popular } = data;
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <a href="#support" className={buttonClass("outline")}>
            <LifeBuoy aria-hidden="true" />
            {t("contactSupport")}
          </a>
        }
      />
      <SearchBox q={q} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {results ? (
            <section aria-labelledby="help-results" className="flex flex-col gap-3">
              <h2 id="help-results" className="font-semibold">
                {t("search.results", { count: results.length, q })}
              </h2>
              {results.length === 0 ? (
                <EmptyState
                  icon={SearchX}
                  text={t("search.none")}
                  action={
                    <Link to="/help-center" className={buttonClass("outline")}>
                      {t("search.clear")}
                    </Link>
                  }
                />
              ) : (
                <ol className="flex flex-col gap-3">
                  {results.map((hit) => (
                    <li key={hit.slug} className="rounded-xl border border-border bg-card p-4">
                      <Link to={`/help-center/${hit.slug}`} className="font-medium text-primary hover:underline">
                        {hit.title}
                      </Link>
                      <p className="mt-1 text-sm text-muted-foreground">
                        <Highlighted segments={hit.excerpt} />
                      </p>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          ) : (
            <>
              <Card title={t("popular")}>
                <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                  {popular.map((a) => (
                    <li key={a.slug}>
                      <Link
                        to={`/help-center/${a.slug}`}
                        className="flex items-center gap-2 text-primary hover:underline"
                      >
                        <BookOpen aria-hidden="true" className="size-4 shrink-0" />
                        {a.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </Card>
              <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-2">
                {topics.map(({ topic, articles }) => (
                  <Card key={topic} title={t(`topics.${topic}`)}>
                    <ul className="flex flex-col gap-3">
                      {articles.map((a) => (
                        <li key={a.slug}>
                          <Link to={`/help-center/${a.slug}`} className="font-medium text-primary hover:underline">
                            {a.title}
                          </Link>
                          <p className="text-sm text-muted-foreground">{a.summary}</p>
                        </li>
                      ))}
                    </ul>
                  </Card>
                ))}
              </div>
            </>
          )}
        </div>
        <div>{support}</div>
      </div>
    </>
  );
}
