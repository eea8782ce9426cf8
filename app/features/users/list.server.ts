import type { PublicUser } from "~/core/auth-contract";
import { toCurrentUser } from "~/core/reader";
import { visibleScope } from "~/core/scope.server";
import type { TableState } from "~/core/table";
import { offsetPage } from "~/core/table.server";
import type { UserRow, UsersTable } from "./list";

type State = TableState<UsersTable>;
type Facet = keyof State["filters"];

const matches: Record<Facet, (user: PublicUser, chosen: string[]) => boolean> = {
  role: (user, chosen) => user.roles.some((r) => chosen.includes(r)),
  status: (user, chosen) => chosen.includes(user.status),
  project: (user, chosen) => user.projectIds.some((p) => chosen.includes(p)),
};

const values: Record<Facet, (user: PublicUser) => string[]> = {
  role: (user) => user.roles,
  status: (user) => [user.status],
  project: (user) => user.projectIds,
};

/** Missing times (never signed in) sort last either way. */
const time = (value: string | null, desc: boolean) =>
  value === null ? (desc ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY) : Date.parse(value);

/**
 * One page of the workspace's users, searched (e-mail), filtered, sorted and paged as the URL says,
 * with the count per filter value under the search and the other filters. The auth service returns
 * the whole team in one answer (ADR 025), so this happens here.
 */
export async function usersTablePage(users: PublicUser[], requested: State) {
  const q = requested.q.toLowerCase();
  const searched = q ? users.filter((u) => u.email.includes(q)) : users;
  const facets = Object.keys(matches) as Facet[];
  const passes = (user: PublicUser, except?: Facet) =>
    facets.every((f) => f === except || requested.filters[f].length === 0 || matches[f](user, requested.filters[f]));

  const counts = Object.fromEntries(
    facets.map((facet) => {
      const count: Record<string, number> = {};
      for (const user of searched.filter((u) => passes(u, facet))) {
        for (const value of values[facet](user)) count[value] = (count[value] ?? 0) + 1;
      }
      return [facet, count];
    }),
  ) as Record<Facet, Record<string, number>>;

  const filtered = searched.filter((u) => passes(u));
  const { id, desc } = requested.sort;
  const key = (u: PublicUser): string | number =>
    id === "email"
      ? u.email
      : id === "name"
        ? toCurrentUser(u).displayName
        : id === "status"
          ? u.status
          : id === "created"
            ? Date.parse(u.createdAt)
            : time(u.lastSignInAt, desc);
  const sorted = [...filtered].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const order = x < y ? -1 : x > y ? 1 : 0;
    // The e-mail breaks ties (it is unique), so a row never shows on two pages.
    return (desc ? -order : order) || a.email.localeCompare(b.email);
  });
  const page = await offsetPage(
    requested,
    async () => sorted.length,
    async ({ limit, offset }) =>
      sorted.slice(offset, offset + limit).map((user): UserRow => {
        return { ...user, displayName: toCurrentUser(user).displayName, allProjects: visibleScope(user) === "all" };
      }),
  );
  return { ...page, counts };
}
