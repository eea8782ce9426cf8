import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Preferences, preferencesContext, sessionContext } from "~/core/context.server";
import { presetDays, startOfDay, today } from "~/core/period";
import type { DatabaseHandle } from "~/db/client.server";
import { projects } from "~/db/schema";

import { action, loader } from "~/routes/_app.projects._index";
import { api, startAuthService } from "../support/auth-service";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { formPost, ORIGIN } from "../support/route";
import { testEnv } from "../support/services";
import { signedInContext } from "../support/session";

type Page = {
  rows: Array<{ id: string; name: string; status: string; mentions7d: number; members: number }>;
  total: number;
  state: { page: number; pageSize: number; sort: { id: string; desc: boolean } };
  statusCounts: Record<string, number>;
};

let handle: DatabaseHandle;
let auth: Awaited<ReturnType<typeof startAuthService>>;
let adminToken: string;
const ids: Record<string, string> = {};
const config = testEnv();

// Twelve projects; the letters make the name order obvious. Every third is paused.
const NAMES = [
  "Anor",
  "Bodom",
  "Chinor",
  "Daryo",
  "Elak",
  "Farg'ona",
  "Gilos",
  "Hovuz",
  "Ipak",
  "Jiyda",
  "Kamalak",
  "Lola",
];

beforeAll(async () => {
  handle = await openTestDatabase();
  for (const [i, name] of NAMES.entries()) {
    const project = await aProject(handle, {
      name,
      keywords: i === 4 ? ["elak", "100% halol"] : [name.toLowerCase()],
      status: i % 3 === 2 ? "paused" : "active",
      updatedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    });
    ids[name] = project.id;
  }
  // Mentions in the last 7 days: Gilos 5 + 4, Bodom 7; Anor's 6 are ten days old.
  const source = await aSource(handle);
  const recent = (count: number, daysAgo: number) => Array.from({ length: count }, () => ({ daysAgo }));
  await mentions(handle, { source, projectIds: [ids.Gilos as string], items: [...recent(5, 0), ...recent(4, 6)] });
  await mentions(handle, { source, projectIds: [ids.Bodom as string], items: recent(7, 2) });
  await mentions(handle, { source, projectIds: [ids.Anor as string], items: recent(6, 10) });

  auth = await startAuthService();
  config.authServiceUrl = auth.url;
  const owner = await api(auth.url, "/signup", {
    body: { email: "owner@example.com", password: "owner-password", confirmPassword: "owner-password" },
  });
  adminToken = owner.body.data.token;
  for (const [email, projectIds] of [
    ["one@example.com", [ids.Anor, ids.Bodom]],
    ["two@example.com", [ids.Anor]],
  ] as const) {
    await api(auth.url, "/users", {
      token: adminToken,
      body: { email, password: "a long password", roles: ["analyst"], projectIds },
    });
  }
});
afterAll(async () => {
  await auth.close();
  await handle.close();
});

async function admin() {
  const signedIn = await signedInContext({ roles: ["admin"] });
  signedIn.context.set(sessionContext, { user: signedIn.user, token: adminToken, expired: false });
  return signedIn.context;
}

async function list(query: string, context?: unknown): Promise<Page> {
  const url = new URL(`${ORIGIN}/projects${query}`);
  return (await loader({
    request: new Request(url),
    url,
    context: context ?? (await admin()),
    params: {},
  } as never)) as Page;
}
const names = (page: Page) => page.rows.map((r) => r.name);

async function post(query: string, fields: Array<[string, string]>, context: unknown) {
  const request = formPost(`/projects${query}`, {});
  const body = new URLSearchParams(fields);
  const withBody = new Request(request.url, { method: "POST", body, headers: request.headers });
  try {
    return (await action({ request: withBody, url: new URL(request.url), context, params: {} } as never)) as Response;
  } catch (thrown) {
    return thrown as { init?: ResponseInit };
  }
}

describe("the projects table's loader", () => {
  it("shows the first page by name, with mentions of the last 7 days and members from the auth service", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const page = await list("");
    const memberCalls = fetchSpy.mock.calls.filter(([input]) => String(input).endsWith("/project-members"));
    fetchSpy.mockRestore();
    expect(names(page)).toEqual(NAMES);
    expect(page.total).toBe(12);
    expect(page.state).toMatchObject({ page: 1, pageSize: 25, sort: { id: "name", desc: false } });
    const byName = Object.fromEntries(page.rows.map((r) => [r.name, r]));
    expect(byName.Gilos?.mentions7d).toBe(9);
    expect(byName.Bodom?.mentions7d).toBe(7);
    expect(byName.Anor?.mentions7d).toBe(0);
    expect(byName.Anor?.members).toBe(2);
    expect(byName.Bodom?.members).toBe(1);
    expect(byName.Lola?.members).toBe(0);
    // The whole page's members in one request, not one per row.
    expect(memberCalls).toHaveLength(1);
  });

  it("searches names and keywords, ignoring case, and takes % literally", async () => {
    expect(names(await list("?q=GIL"))).toEqual(["Gilos"]);
    expect(names(await list("?q=halol"))).toEqual(["Elak"]);
    expect(names(await list("?q=100%25"))).toEqual(["Elak"]);
    expect(names(await list("?q=%25"))).toEqual(["Elak"]);
    expect((await list("?q=nothing-like-it")).total).toBe(0);
  });

  it("filters by status and counts each status under the current search", async () => {
    const paused = await list("?status=paused");
    expect(names(paused)).toEqual(["Chinor", "Farg'ona", "Ipak", "Lola"]);
    expect(paused.total).toBe(4);
    expect(paused.statusCounts).toEqual({ active: 8, paused: 4 });
    expect((await list("?status=paused&status=active")).total).toBe(12);
    // "o": Anor, Bodom, Daryo, Elak (by "100% halol"), Gilos, Hovuz are active; Chinor, Farg'ona, Lola paused.
    const searched = await list("?q=o&status=active");
    expect(searched.total).toBe(6);
    expect(searched.statusCounts).toEqual({ active: 6, paused: 3 });
    // An unknown status is ignored rather than failing the page.
    expect((await list("?status=archived")).total).toBe(12);
  });

  it("sorts by the column in the URL, and by name for an unknown one", async () => {
    expect(names(await list("?sort=mentions7d&dir=desc")).slice(0, 3)).toEqual(["Gilos", "Bodom", "Anor"]);
    expect(names(await list("?sort=updated&dir=desc")).slice(0, 2)).toEqual(["Lola", "Kamalak"]);
    expect(names(await list("?sort=status")).slice(-4)).toEqual(["Chinor", "Farg'ona", "Ipak", "Lola"]);
    const unknown = await list("?sort=members&dir=desc");
    expect(unknown.state.sort).toEqual({ id: "name", desc: true });
    expect(names(await list("?sort=passwordHash"))).toEqual(NAMES);
  });

  it("pages through the rows; a page past the end shows the last one; an odd page size is the default", async () => {
    const second = await list("?size=10&page=2");
    expect(names(second)).toEqual(["Kamalak", "Lola"]);
    expect(second.total).toBe(12);
    const beyond = await list("?size=10&page=40");
    expect(beyond.state.page).toBe(2);
    expect(names(beyond)).toEqual(["Kamalak", "Lola"]);
    const odd = await list("?size=7&page=x");
    expect(odd.state).toMatchObject({ page: 1, pageSize: 25 });
    expect(odd.rows).toHaveLength(12);
  });

  it("shows an analyst only their projects, in rows, totals and counts", async () => {
    const { context } = await signedInContext({
      roles: ["analyst"],
      projectIds: [ids.Anor as string, ids.Chinor as string, "junk"],
    });
    const page = await list("", context);
    expect(names(page)).toEqual(["Anor", "Chinor"]);
    expect(page.total).toBe(2);
    expect(page.statusCounts).toEqual({ active: 1, paused: 1 });
    const nobody = await signedInContext({ roles: ["viewer"] });
    expect((await list("", nobody.context)).total).toBe(0);
  });
});

describe("bulk actions on the projects table", () => {
  const status = async (...list: string[]) =>
    (
      await handle.db
        .select({ name: projects.name, status: projects.status })
        .from(projects)
        .where(inArray(projects.name, list))
        .orderBy(projects.name)
    ).map((p) => p.status);

  it("pauses and resumes the ticked projects and goes back to the same page with a toast", async () => {
    const context = await admin();
    const paused = (await post(
      "?q=o&page=1",
      [
        ["intent", "pause"],
        ["ids", ids.Anor as string],
        ["ids", ids.Bodom as string],
        ["ids", ids.Chinor as string],
      ],
      context,
    )) as Response;
    expect(paused.status).toBe(302);
    expect(paused.headers.get("Location")).toBe("/projects?q=o&page=1");
    expect(paused.headers.get("Set-Cookie")).toMatch(/^toast=/);
    expect(await status("Anor", "Bodom", "Chinor")).toEqual(["paused", "paused", "paused"]);
    await post(
      "",
      [
        ["intent", "resume"],
        ["ids", ids.Anor as string],
        ["ids", ids.Bodom as string],
      ],
      context,
    );
    expect(await status("Anor", "Bodom")).toEqual(["active", "active"]);
  });

  it("lets a manager pause only their own projects, and only admins delete", async () => {
    const manager = await signedInContext({ roles: ["manager"], projectIds: [ids.Daryo as string] });
    await post(
      "",
      [
        ["intent", "pause"],
        ["ids", ids.Daryo as string],
        ["ids", ids.Elak as string],
      ],
      manager.context,
    );
    expect(await status("Daryo", "Elak")).toEqual(["paused", "active"]);
    const refused = await post(
      "",
      [
        ["intent", "delete"],
        ["ids", ids.Daryo as string],
      ],
      manager.context,
    );
    expect((refused as { init?: ResponseInit }).init?.status).toBe(403);
    const analyst = await signedInContext({ roles: ["analyst"], projectIds: [ids.Daryo as string] });
    const notAllowed = await post(
      "",
      [
        ["intent", "resume"],
        ["ids", ids.Daryo as string],
      ],
      analyst.context,
    );
    expect((notAllowed as { init?: ResponseInit }).init?.status).toBe(403);
    expect(await status("Daryo")).toEqual(["paused"]);
  });

  it("deletes the ticked projects for an admin", async () => {
    const response = (await post(
      "?sort=name",
      [
        ["intent", "delete"],
        ["ids", ids.Kamalak as string],
        ["ids", ids.Lola as string],
      ],
      await admin(),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/projects?sort=name");
    expect(
      await handle.db
        .select()
        .from(projects)
        .where(eq(projects.id, ids.Lola as string)),
    ).toEqual([]);
    expect((await list("")).total).toBe(10);
  });

  it("turns nothing ticked, or a made-up intent, into an error toast, not a failure", async () => {
    const none = (await post("?page=2", [["intent", "pause"]], await admin())) as Response;
    expect(none.status).toBe(302);
    expect(none.headers.get("Location")).toBe("/projects?page=2");
    expect(none.headers.get("Set-Cookie")).toMatch(/^toast=/);
    const made = (await post(
      "",
      [
        ["intent", "archive"],
        ["ids", ids.Anor as string],
      ],
      await admin(),
    )) as Response;
    expect(made.status).toBe(302);
    expect(await status("Anor")).toEqual(["active"]);
  });
});

describe("the projects table's mentions of the last 7 days", () => {
  it("are the 7 days of the reader's zone, today included", async () => {
    const zone = "Pacific/Kiritimati";
    const project = await aProject(handle, { name: "Zoned", keywords: ["zoned"] });
    const firstDay = startOfDay(presetDays("7", today(zone)).from, zone);
    await mentions(handle, {
      source: await aSource(handle),
      projectIds: [project.id],
      // UTC days would count both or neither, depending on the hour the test runs.
      items: [{ at: new Date(firstDay.getTime() - 60_000) }, { at: new Date(firstDay.getTime() + 60_000) }],
    });
    const context = await admin();
    context.set(preferencesContext, { ...(context.get(preferencesContext) as Preferences), timezone: zone });
    const page = await list("?q=Zoned", context);
    expect(page.rows.map((r) => [r.name, r.mentions7d])).toEqual([["Zoned", 1]]);
  });

  it("leave archived mentions out", async () => {
    const project = await aProject(handle, { name: "Tidied", keywords: ["tidied"] });
    await mentions(handle, {
      source: await aSource(handle),
      projectIds: [project.id],
      items: [{ daysAgo: 1 }, { daysAgo: 1, isArchived: true }],
    });
    const page = await list("?q=Tidied");
    expect(page.rows.map((r) => [r.name, r.mentions7d])).toEqual([["Tidied", 1]]);
  });
});
