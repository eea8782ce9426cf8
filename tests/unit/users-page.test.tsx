// The users table as the server renders it (issue 29): a name and an e-mail per person, not the same word under
// three headers.
import { expect, it } from "vitest";
import { usersTable } from "~/features/users/list";
import { UsersPage, type UsersPageData } from "~/features/users/users-page";
import { parseTableState } from "~/ui/data-table/parse";
import { renderPage } from "../support/render";

const data: UsersPageData = {
  state: parseTableState(usersTable([]), new URLSearchParams()),
  rows: [
    {
      id: "00000000-0000-4000-8000-000000000001",
      email: "aziza.karimova@example.uz",
      roles: ["analyst"],
      projectIds: [],
      status: "active",
      createdAt: "2026-11-01T08:00:00Z",
      lastSignInAt: null,
      mustChangePassword: false,
      displayName: "aziza.karimova",
      allProjects: false,
    },
  ],
  total: 1,
  counts: { role: { analyst: 1 }, status: { active: 1 }, project: {} },
  projects: [],
  now: "2026-11-26T08:00:00Z",
};

it("the users table shows each person's name and e-mail once, under headers that differ", async () => {
  const html = await renderPage((page: UsersPageData) => <UsersPage loaderData={page} />, data);
  const table = html.slice(html.indexOf("<table"), html.indexOf("</table>"));
  const headers = [...table.matchAll(/<th[^>]*scope="col"[^>]*>([\s\S]*?)<\/th>/g)].map((m) =>
    (m[1] as string).replace(/<[^>]+>/g, "").trim(),
  );
  expect(headers).toEqual(expect.arrayContaining(["Name", "E-mail"]));
  expect(headers).not.toEqual(expect.arrayContaining(["Username"]));
  expect(headers).not.toEqual(expect.arrayContaining(["First name"]));
  // The name once (the row's link), the e-mail once: the local part is not repeated in other columns.
  expect(table.match(/>aziza\.karimova</g)).toHaveLength(1);
  expect(table.match(/>aziza\.karimova@example\.uz</g)).toHaveLength(1);
});
