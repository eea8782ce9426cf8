import { Link } from "react-router";
import type { TableState } from "~/core/table";
import { useTranslation } from "~/i18n/use-translation";
import { type Formatter, useFormatter } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { type Column, DataTable } from "~/ui/data-table/data-table";
import { EmptyState } from "~/ui/empty-state";
import { UserPlus, Users } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import { type UserRow, type UsersTable, usersTable } from "./list";
import { UserStatusBadge } from "./status-badge";

export interface UsersPageData {
  state: TableState<UsersTable>;
  rows: UserRow[];
  total: number;
  counts: Record<"role" | "status" | "project", Record<string, number>>;
  projects: Array<{ id: string; name: string }>;
  /** Relative times count from the server's moment, so the browser renders the same text. */
  now: string;
}

function userColumns(t: (key: string) => string, format: Formatter, projects: Record<string, string>, now: Date) {
  const roleNames = (u: UserRow) => u.roles.map((r) => t(`auth:roles.${r}`)).join(", ");
  const dash = <span className="text-muted-foreground">—</span>;
  const columns: Array<Column<UserRow>> = [
    {
      id: "name",
      header: t("table.name"),
      rowHeader: true,
      priority: 1,
      cell: (u) => (
        <Link to={`/users/${u.id}`} prefetch="intent" className="font-medium hover:underline" data-user-content>
          {u.displayName}
        </Link>
      ),
    },
    { id: "email", header: t("table.email"), priority: 1, cell: (u) => <span data-user-content>{u.email}</span> },
    {
      id: "roles",
      header: t("table.roles"),
      priority: 2,
      cell: (u) => <span className="inline-block min-w-28 whitespace-normal">{roleNames(u)}</span>,
    },
    {
      id: "projects",
      header: t("table.projects"),
      priority: 5,
      cell: (u) =>
        u.allProjects ? (
          <span className="text-muted-foreground">{t("table.allProjects")}</span>
        ) : u.projectIds.length === 0 ? (
          dash
        ) : (
          // A list: it wraps rather than widen the table.
          <span className="inline-block min-w-32 whitespace-normal" data-user-content>
            {u.projectIds.map((id) => projects[id] ?? "?").join(", ")}
          </span>
        ),
    },
    { id: "status", header: t("table.status"), priority: 3, cell: (u) => <UserStatusBadge status={u.status} /> },
    {
      id: "created",
      header: t("table.created"),
      priority: 5,
      cell: (u) => <time dateTime={u.createdAt}>{format.date(u.createdAt)}</time>,
    },
    {
      id: "lastSignIn",
      header: t("table.lastSignIn"),
      priority: 3,
      cell: (u) => (u.lastSignInAt ? <time dateTime={u.lastSignInAt}>{format.when(u.lastSignInAt, now)}</time> : dash),
    },
  ];
  return columns;
}

/** The Users screen: the workspace's team, searched, filtered and paged. */
export function UsersPage({ loaderData }: { loaderData: UsersPageData }) {
  const { t } = useTranslation("users");
  const format = useFormatter();
  const { state, rows, total, counts } = loaderData;
  const projectNames = Object.fromEntries(loaderData.projects.map((p) => [p.id, p.name]));
  const spec = usersTable(loaderData.projects.map((p) => p.id));
  return (
    <>
      <PageHeader
        help="users"
        title={t("title")}
        description={t("description")}
        actions={
          <Link to="/users/new" className={buttonClass()}>
            <UserPlus aria-hidden="true" />
            {t("new")}
          </Link>
        }
      />
      <DataTable
        spec={spec}
        state={state}
        rows={rows}
        total={total}
        columns={userColumns(t, format, projectNames, new Date(loaderData.now))}
        getRowId={(u) => u.id}
        caption={t("table.caption")}
        search={{ label: t("list.search"), placeholder: t("list.searchPlaceholder") }}
        facets={[
          { id: "role", label: t("list.role"), optionLabel: (role) => t(`auth:roles.${role}`), counts: counts.role },
          {
            id: "status",
            label: t("list.status"),
            optionLabel: (status) => t(`status.${status}`),
            counts: counts.status,
          },
          {
            id: "project",
            label: t("list.project"),
            optionLabel: (id) => projectNames[id] ?? id,
            counts: counts.project,
          },
        ]}
        empty={<EmptyState icon={Users} text={t("list.empty")} />}
        noMatches={t("list.noMatches")}
      />
    </>
  );
}
