import { FolderPlus, Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { requireUser } from "~/features/auth/guard.server";
import { can } from "~/features/auth/permissions";
import { projectMembers } from "~/features/projects/members.server";
import { listProjects, type ProjectStatus } from "~/features/projects/projects.server";
import { StatusBadge } from "~/features/projects/status-badge";
import { useFormatter } from "~/lib/format";
import { PageErrorBoundary } from "~/shell/error-page";
import { buttonClass } from "~/ui/button";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.projects._index";

const STATUSES = ["active", "paused"] as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser(context);
  const q = url.searchParams.get("q")?.slice(0, 100) ?? "";
  const statusParam = url.searchParams.get("status");
  const status = STATUSES.includes(statusParam as ProjectStatus) ? (statusParam as ProjectStatus) : undefined;
  const projects = await listProjects(user, { q, status });
  const members = await projectMembers(
    context,
    projects.map((p) => p.id),
  );
  return {
    q,
    status: status ?? "",
    canCreate: can(user, "projects.create"),
    projects: projects.map((p) => ({ ...p, members: members[p.id]?.length ?? 0 })),
  };
}

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const format = useFormatter();
  const { projects, q, status } = loaderData;
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          loaderData.canCreate && (
            <Link to="/projects/create" className={buttonClass()}>
              <FolderPlus aria-hidden="true" />
              {t("new")}
            </Link>
          )
        }
      />
      <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="q" className="text-sm font-medium">
            {t("list.search")}
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder={t("list.searchPlaceholder")}
            className="h-9 w-64 rounded-md border border-border bg-background px-3 text-sm"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="status" className="text-sm font-medium">
            {t("list.status")}
          </label>
          <select
            id="status"
            name="status"
            defaultValue={status}
            className="h-9 rounded-md border border-border bg-background px-2 text-sm"
          >
            <option value="">{t("list.allStatuses")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("outline")}>
          <Search aria-hidden="true" />
          {t("list.apply")}
        </button>
      </Form>
      {projects.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
          {q || status ? t("list.noMatches") : loaderData.canCreate ? t("list.emptyAdmin") : t("list.empty")}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {projects.map((p) => (
            <li
              key={p.id}
              className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 text-card-foreground"
            >
              <div className="flex items-start justify-between gap-2">
                <h2 className="flex items-center gap-2 font-semibold">
                  <span
                    className="inline-block size-3 shrink-0 rounded-full"
                    style={{ background: p.color }}
                    aria-hidden="true"
                  />
                  <Link to={`/projects/${p.id}`} prefetch="intent" className="hover:underline">
                    {p.name}
                  </Link>
                </h2>
                <StatusBadge status={p.status} />
              </div>
              {p.description && <p className="line-clamp-2 text-sm text-muted-foreground">{p.description}</p>}
              <ul className="flex flex-wrap gap-1" aria-label={t("detail.keywords")}>
                {p.keywords.slice(0, 6).map((k) => (
                  <li key={k} className="rounded-md bg-muted px-2 py-0.5 text-xs">
                    {k}
                  </li>
                ))}
                {p.keywords.length > 6 && (
                  <li className="px-1 text-xs text-muted-foreground">+{p.keywords.length - 6}</li>
                )}
              </ul>
              <dl className="mt-auto grid grid-cols-2 gap-2 border-t border-border pt-3 text-sm">
                <div>
                  <dt className="text-muted-foreground">{t("list.mentions7d")}</dt>
                  <dd className="font-semibold tabular-nums">{format.number(p.mentions7d)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t("list.members")}</dt>
                  <dd className="font-semibold tabular-nums">{format.number(p.members)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
