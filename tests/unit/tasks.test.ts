import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { preferencesContext, sessionContext } from "~/core/context.server";
import { today } from "~/core/period";
import type { DatabaseHandle } from "~/db/client.server";
import { tasks } from "~/db/schema";

import { action as listAction, loader as listLoader } from "~/routes/_app.tasks";
import { action as taskAction, loader as taskLoader } from "~/routes/_app.tasks.$taskId";
import { action as importAction } from "~/routes/_app.tasks.import";
import { action as createAction, loader as newLoader } from "~/routes/_app.tasks.new";
import { loader as exportLoader } from "~/routes/tasks.export";
import { loader as paletteLoader } from "~/routes/tasks.palette";
import { api, startAuthService } from "../support/auth-service";
import { aProject, aSource, aTask, mentions, openTestDatabase } from "../support/builders";
import { ORIGIN } from "../support/route";
import { testEnv } from "../support/services";
import { signedInContext } from "../support/session";

type Row = {
  id: string;
  title: string;
  status: string;
  priority: string;
  assigneeId: string | null;
  dueDate: string | null;
  overdue: boolean;
  projectName: string | null;
  messageHeading: string | null;
};
type ListPage = {
  rows: Row[];
  total: number;
  state: { page: number; pageSize: number; sort: { id: string; desc: boolean } };
  board: Array<{ status: string; total: number; tasks: Row[] }> | null;
  members: Array<{ id: string; email: string }>;
};
type Role = "admin" | "manager" | "analyst" | "viewer";

let handle: DatabaseHandle;
let auth: Awaited<ReturnType<typeof startAuthService>>;
let adminToken: string;
const config = testEnv();
const project: Record<"alpha" | "beta" | "gamma", string> = { alpha: "", beta: "", gamma: "" };
const people: Record<string, { id: string; token: string; roles: Role[]; projectIds: string[] }> = {};
let mentionId = "";
let foreignMentionId = "";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  handle = await openTestDatabase();
  project.alpha = (await aProject(handle, { name: "Alpha" })).id;
  project.beta = (await aProject(handle, { name: "Beta" })).id;
  project.gamma = (await aProject(handle, { name: "Gamma" })).id;
  const source = await aSource(handle);
  [{ id: mentionId }] = (await mentions(handle, {
    source,
    projectIds: [project.alpha],
    items: [{ title: "Bank outage angers customers" }],
  })) as unknown as [{ id: string }];
  [{ id: foreignMentionId }] = (await mentions(handle, {
    source,
    projectIds: [project.gamma],
    items: [{ title: "Gamma news" }],
  })) as unknown as [{ id: string }];

  auth = await startAuthService();
  config.authServiceUrl = auth.url;
  const owner = await api(auth.url, "/signup", {
    body: { email: "owner@example.com", password: "owner-password", confirmPassword: "owner-password" },
  });
  adminToken = owner.body.data.token;
  people.admin = { id: owner.body.data.user.id, token: adminToken, roles: ["admin"], projectIds: [] };
  const accounts: Array<[string, Role, string[]]> = [
    ["ann@example.com", "analyst", [project.alpha, project.beta]],
    ["bob@example.com", "analyst", [project.alpha]],
    ["cat@example.com", "analyst", [project.beta]],
    ["mia@example.com", "manager", [project.alpha]],
    ["vic@example.com", "viewer", [project.alpha]],
  ];
  for (const [email, role, projectIds] of accounts) {
    const created = await api(auth.url, "/users", {
      token: adminToken,
      body: { email, password: "a long password", roles: [role], projectIds },
    });
    const login = await api(auth.url, "/login", { body: { email, password: "a long password" } });
    people[email.split("@")[0] as string] = {
      id: created.body.data.user.id,
      token: login.body.data.token,
      roles: [role],
      projectIds,
    };
  }
});
afterAll(async () => {
  await auth.close();
  await handle.close();
});

/** A request context for one of the people above, with their real token for the auth service. */
async function as(name: string) {
  const person = people[name] as (typeof people)[string];
  const signedIn = await signedInContext({ id: person.id, roles: person.roles, projectIds: person.projectIds });
  signedIn.context.set(sessionContext, { user: signedIn.user, token: person.token, expired: false });
  return signedIn.context;
}

function args(path: string, context: unknown, params: Record<string, string> = {}, init?: RequestInit) {
  const url = new URL(`${ORIGIN}${path}`);
  return { request: new Request(url, init), url, context, params } as never;
}

async function run<T>(call: () => Promise<T> | T): Promise<T | Response> {
  try {
    return await call();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "init" in thrown) {
      const init = (thrown as { init: ResponseInit | null }).init;
      return new Response(null, { status: init?.status ?? 500 });
    }
    throw thrown;
  }
}

const statusOf = (result: unknown) =>
  result instanceof Response
    ? result.status
    : ((result as { init?: ResponseInit })?.init?.status ?? (result as { status?: number })?.status ?? 200);

async function list(query: string, who = "admin"): Promise<ListPage> {
  return (await listLoader(args(`/tasks${query}`, await as(who)))) as ListPage;
}
const titles = (page: ListPage) => page.rows.map((r) => r.title);

function form(fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) body.append(k, value);
  return { method: "POST", body, headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" } };
}

/** The task form with what a task needs; the optional fields are left out (the browser tests post them blank). */
const validTask = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  title: "Answer the complaint",
  status: "todo",
  priority: "medium",
  projectId: project.alpha,
  ...overrides,
});

async function seedTable() {
  await handle.db.delete(tasks);
  const t = (values: Partial<typeof tasks.$inferInsert>) => aTask(handle, values);
  await t({
    title: "Brief the press office",
    projectId: project.alpha,
    status: "todo",
    priority: "high",
    label: "press",
    assigneeId: people.ann?.id,
    dueDate: day(-2),
    updatedAt: new Date("2026-01-05"),
  });
  await t({
    title: "Check the rumour",
    description: "A blog says the bank is closing",
    projectId: project.alpha,
    status: "in_progress",
    priority: "critical",
    assigneeId: people.bob?.id,
    dueDate: day(0),
    updatedAt: new Date("2026-01-04"),
  });
  await t({
    title: "Answer complaint",
    projectId: project.beta,
    status: "backlog",
    priority: "low",
    label: "support",
    dueDate: day(20),
    updatedAt: new Date("2026-01-03"),
    messageId: null,
  });
  await t({
    title: "Done already",
    projectId: project.alpha,
    status: "done",
    priority: "medium",
    label: "press",
    dueDate: day(-5),
    assigneeId: people.ann?.id,
    updatedAt: new Date("2026-01-02"),
  });
  await t({
    title: "Secret gamma work",
    projectId: project.gamma,
    status: "todo",
    priority: "high",
    updatedAt: new Date("2026-01-01"),
  });
}

describe("the tasks list", () => {
  beforeAll(seedTable);

  it("shows every task an admin may see, most recently updated first, with the projects' members", async () => {
    const page = await list("");
    expect(titles(page)).toEqual([
      "Brief the press office",
      "Check the rumour",
      "Answer complaint",
      "Done already",
      "Secret gamma work",
    ]);
    expect(page.state).toMatchObject({ page: 1, pageSize: 20, sort: { id: "updated", desc: true } });
    expect(page.members.map((m) => m.email)).toEqual([
      "ann@example.com",
      "bob@example.com",
      "cat@example.com",
      "mia@example.com",
      "vic@example.com",
    ]);
    // Overdue: past its due date and still open; a done task is never overdue.
    const byTitle = Object.fromEntries(page.rows.map((r) => [r.title, r]));
    expect(byTitle["Brief the press office"]?.overdue).toBe(true);
    expect(byTitle["Check the rumour"]?.overdue).toBe(false);
    expect(byTitle["Done already"]?.overdue).toBe(false);
  });

  it("shows others only the tasks of their projects", async () => {
    expect(titles(await list("", "bob"))).toEqual(["Brief the press office", "Check the rumour", "Done already"]);
    expect(titles(await list("", "cat"))).toEqual(["Answer complaint"]);
    expect((await list("", "vic")).total).toBe(3);
  });

  it("filters by status, priority, label, project and due date", async () => {
    expect(titles(await list("?status=todo&status=done"))).toEqual([
      "Brief the press office",
      "Done already",
      "Secret gamma work",
    ]);
    expect(titles(await list("?priority=critical"))).toEqual(["Check the rumour"]);
    expect(titles(await list("?label=press"))).toEqual(["Brief the press office", "Done already"]);
    expect(titles(await list(`?project=${project.beta}`))).toEqual(["Answer complaint"]);
    expect(titles(await list("?due=overdue"))).toEqual(["Brief the press office"]);
    expect(titles(await list("?due=week"))).toContain("Check the rumour");
    expect(titles(await list("?due=week"))).not.toContain("Answer complaint");
    expect(titles(await list("?due=none"))).toEqual(["Secret gamma work"]);
    // A foreign project in the URL shows nothing rather than its tasks.
    expect((await list(`?project=${project.gamma}`, "bob")).total).toBe(0);
    expect((await list("?project=junk")).total).toBe(0);
  });

  it("filters by assignee: me, nobody, or a person", async () => {
    expect(titles(await list("?assignee=me", "ann"))).toEqual(["Brief the press office", "Done already"]);
    expect(titles(await list("?assignee=nobody"))).toEqual(["Answer complaint", "Secret gamma work"]);
    expect(titles(await list(`?assignee=${people.bob?.id}&assignee=nobody`, "bob"))).toEqual(["Check the rumour"]);
  });

  it("searches titles and descriptions, ignoring case", async () => {
    expect(titles(await list("?q=RUMOUR"))).toEqual(["Check the rumour"]);
    expect(titles(await list("?q=closing"))).toEqual(["Check the rumour"]);
    expect((await list("?q=100%25")).total).toBe(0);
  });

  it("sorts by each column, empty cells last", async () => {
    expect(titles(await list("?sort=title"))[0]).toBe("Answer complaint");
    expect(titles(await list("?sort=priority&dir=desc")).slice(0, 2)).toEqual([
      "Check the rumour",
      "Brief the press office",
    ]);
    expect(titles(await list("?sort=due")).at(-1)).toBe("Secret gamma work");
    expect(titles(await list("?sort=due&dir=desc")).at(-1)).toBe("Secret gamma work");
    expect(titles(await list("?sort=assignee")).slice(0, 3)).toEqual([
      "Brief the press office",
      "Done already",
      "Check the rumour",
    ]);
    expect(titles(await list("?sort=project&dir=desc"))[0]).toBe("Secret gamma work");
    expect(titles(await list("?sort=status"))[0]).toBe("Answer complaint");
    expect(titles(await list("?sort=label")).slice(0, 3)).toEqual([
      "Brief the press office",
      "Done already",
      "Answer complaint",
    ]);
  });

  it("pages by 10, 20 or 50; a page past the end shows the last one", async () => {
    await handle.db.insert(tasks).values(
      Array.from({ length: 21 }, (_, i) => ({
        title: `Bulk item ${String(i).padStart(2, "0")}`,
        projectId: project.beta,
        updatedAt: new Date("2025-06-01"),
      })),
    );
    const second = await list("?q=bulk+item&sort=title&size=10&page=2");
    expect(titles(second)).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk item ${10 + i}`));
    expect(second.total).toBe(21);
    const beyond = await list("?q=bulk+item&sort=title&size=10&page=9");
    expect(beyond.state.page).toBe(3);
    expect(titles(beyond)).toEqual(["Bulk item 20"]);
    expect((await list("?q=bulk+item&size=50")).rows).toHaveLength(21);
    expect((await list("?q=bulk+item&size=7")).state.pageSize).toBe(20);
    await handle.db.delete(tasks).where(eq(tasks.projectId, project.beta));
    await seedTable();
  });

  it("shows the same filtered tasks as a board, one column per status", async () => {
    const board = (await list("?view=board&label=press")).board;
    expect(board?.map((c) => [c.status, c.total, c.tasks.map((t) => t.title)])).toEqual([
      ["backlog", 0, []],
      ["todo", 1, ["Brief the press office"]],
      ["in_progress", 0, []],
      ["done", 1, ["Done already"]],
      ["canceled", 0, []],
    ]);
    const chosen = (await list("?view=board&status=todo", "bob")).board;
    expect(chosen?.map((c) => c.status)).toEqual(["todo"]);
  });

  it("finds tasks by title for the palette, in the user's scope", async () => {
    const found = (await paletteLoader(args("/tasks/palette?q=gamma", await as("admin")))) as {
      canCreate: boolean;
      tasks: Array<{ title: string }>;
    };
    expect(found.tasks.map((t) => t.title)).toEqual(["Secret gamma work"]);
    const bob = (await paletteLoader(args("/tasks/palette?q=gamma", await as("bob")))) as typeof found;
    expect(bob.tasks).toEqual([]);
    expect(bob.canCreate).toBe(true);
    expect(((await paletteLoader(args("/tasks/palette", await as("vic")))) as typeof found).canCreate).toBe(false);
  });
});

describe("a task in no project", () => {
  // Scope is core's: a task is seen through its project, so one in none is in an admin's scope only.
  let orphan: string;
  beforeAll(async () => {
    await seedTable();
    orphan = (await aTask(handle, { title: "Orphaned follow-up", projectId: null })).id;
  });

  it("is on an admin's list, board, palette and page", async () => {
    expect(titles(await list("?q=orphaned"))).toEqual(["Orphaned follow-up"]);
    const board = (await list("?view=board&q=orphaned")).board;
    expect(board?.find((c) => c.status === "todo")?.tasks.map((t) => t.title)).toEqual(["Orphaned follow-up"]);
    const found = (await paletteLoader(args("/tasks/palette?q=orphaned", await as("admin")))) as {
      tasks: Array<{ title: string }>;
    };
    expect(found.tasks.map((t) => t.title)).toEqual(["Orphaned follow-up"]);
    const page = (await taskLoader(args(`/tasks/${orphan}`, await as("admin"), { taskId: orphan }))) as {
      task: { title: string; projectName: string | null };
    };
    expect(page.task).toMatchObject({ title: "Orphaned follow-up", projectName: null });
  });

  it("is nowhere for anyone else, whatever their projects", async () => {
    for (const who of ["ann", "mia", "vic"]) {
      expect((await list("?q=orphaned", who)).total).toBe(0);
      const page = await run(async () => taskLoader(args(`/tasks/${orphan}`, await as(who), { taskId: orphan })));
      expect(statusOf(page)).toBe(404);
    }
    const moved = await run(async () =>
      listAction(args("/tasks", await as("mia"), {}, form({ intent: "move", id: orphan, status: "done" }))),
    );
    expect(statusOf(moved)).toBe(404);
  });
});

describe("creating and editing a task", () => {
  beforeEach(seedTable);

  const create = async (who: string, fields: Record<string, string>, query = "") =>
    run(async () => createAction(args(`/tasks/new${query}`, await as(who), {}, form(fields))));

  it("lets an analyst create a task in their project, back to the list with its filters and a toast", async () => {
    const result = (await create(
      "bob",
      validTask({
        assigneeId: people.ann?.id ?? "",
        dueDate: day(3),
        label: "press",
        messageId: `${ORIGIN}/messages/${mentionId}`,
      }),
      "?status=todo&message=x",
    )) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/tasks?status=todo");
    expect(result.headers.get("Set-Cookie")).toContain("toast=");
    const [stored] = await handle.db.select().from(tasks).where(eq(tasks.title, "Answer the complaint"));
    expect(stored).toMatchObject({
      projectId: project.alpha,
      assigneeId: people.ann?.id,
      dueDate: day(3),
      label: "press",
      messageId: mentionId,
      createdBy: people.bob?.id,
    });
  });

  it("refuses a bad form with translated errors and keeps what was typed", async () => {
    const result = await create("bob", validTask({ title: "  ", description: "Keep me", dueDate: "2026-02-30" }));
    expect(statusOf(result)).toBe(400);
    const body = (result as { data: { fieldErrors: Record<string, string>; values: Record<string, string> } }).data;
    expect(body.fieldErrors).toEqual({ title: "tasks:errors.titleRequired", dueDate: "tasks:errors.dueInvalid" });
    expect(body.values.description).toBe("Keep me");
  });

  it("refuses assigning someone who is not a member of the task's project", async () => {
    const result = await create("ann", validTask({ projectId: project.beta, assigneeId: people.bob?.id ?? "" }));
    expect(statusOf(result)).toBe(422);
    const body = (result as { data: { fieldErrors: Record<string, string>; values: Record<string, string> } }).data;
    expect(body.fieldErrors).toEqual({ assigneeId: "tasks:errors.assigneeNotMember" });
    expect(body.values.title).toBe("Answer the complaint");
    expect(await handle.db.select().from(tasks).where(eq(tasks.title, "Answer the complaint"))).toEqual([]);
  });

  it("refuses a foreign project and a mention the user cannot see", async () => {
    const foreign = (await create("bob", validTask({ projectId: project.beta }))) as { data: { fieldErrors: object } };
    expect(foreign.data.fieldErrors).toEqual({ projectId: "tasks:errors.projectInvalid" });
    const mention = (await create("bob", validTask({ messageId: foreignMentionId }))) as {
      data: { fieldErrors: object };
    };
    expect(mention.data.fieldErrors).toEqual({ messageId: "tasks:errors.mentionInvalid" });
    // An admin sees every project, but not one that does not exist: refused, not a failed insert.
    const missing = await create("admin", validTask({ projectId: "00000000-0000-4000-8000-00000000dead" }));
    expect(statusOf(missing)).toBe(422);
    expect((missing as { data: { fieldErrors: object } }).data.fieldErrors).toEqual({
      projectId: "tasks:errors.projectInvalid",
    });
  });

  it("lets a viewer read but not create or edit", async () => {
    expect(statusOf(await create("vic", validTask()))).toBe(403);
    expect(statusOf(await run(async () => newLoader(args("/tasks/new", await as("vic")))))).toBe(403);
    const [task] = await handle.db.select().from(tasks).where(eq(tasks.title, "Check the rumour"));
    const read = (await taskLoader(args(`/tasks/${task?.id}`, await as("vic"), { taskId: task?.id as string }))) as {
      task: { title: string };
      canEdit: boolean;
    };
    expect(read.task.title).toBe("Check the rumour");
    expect(read.canEdit).toBe(false);
    const edit = await run(async () =>
      taskAction(args(`/tasks/${task?.id}`, await as("vic"), { taskId: task?.id as string }, form(validTask()))),
    );
    expect(statusOf(edit)).toBe(403);
  });

  it("starts a task from a mention: linked, in the mention's project, titled after it", async () => {
    const started = (await newLoader(args(`/tasks/new?message=${mentionId}`, await as("ann")))) as {
      mention: { id: string; heading: string };
      projectId: string;
    };
    expect(started.mention).toEqual({ id: mentionId, heading: "Bank outage angers customers" });
    expect(started.projectId).toBe(project.alpha);
    const hidden = (await newLoader(args(`/tasks/new?message=${foreignMentionId}`, await as("ann")))) as {
      mention: unknown;
    };
    expect(hidden.mention).toBeNull();
  });

  it("edits a task of the user's project; a foreign task is a 404", async () => {
    const [mine] = await handle.db.select().from(tasks).where(eq(tasks.title, "Check the rumour"));
    const [foreign] = await handle.db.select().from(tasks).where(eq(tasks.title, "Secret gamma work"));
    const id = mine?.id as string;
    const saved = (await run(async () =>
      taskAction(
        args(
          `/tasks/${id}`,
          await as("bob"),
          { taskId: id },
          form(validTask({ title: "Rumour checked", status: "done" })),
        ),
      ),
    )) as Response;
    expect(saved.status).toBe(302);
    const [after] = await handle.db.select().from(tasks).where(eq(tasks.id, id));
    expect(after).toMatchObject({ title: "Rumour checked", status: "done" });
    const fid = foreign?.id as string;
    expect(statusOf(await run(async () => taskLoader(args(`/tasks/${fid}`, await as("bob"), { taskId: fid }))))).toBe(
      404,
    );
    expect(
      statusOf(
        await run(async () => taskAction(args(`/tasks/${fid}`, await as("bob"), { taskId: fid }, form(validTask())))),
      ),
    ).toBe(404);
    expect(statusOf(await run(async () => taskLoader(args("/tasks/nope", await as("bob"), { taskId: "nope" }))))).toBe(
      404,
    );
  });

  it("lets managers and admins delete, not analysts", async () => {
    const [task] = await handle.db.select().from(tasks).where(eq(tasks.title, "Check the rumour"));
    const id = task?.id as string;
    const remove = async (who: string) =>
      run(async () => taskAction(args(`/tasks/${id}`, await as(who), { taskId: id }, form({ intent: "delete" }))));
    expect(statusOf(await remove("bob"))).toBe(403);
    expect(await handle.db.select().from(tasks).where(eq(tasks.id, id))).toHaveLength(1);
    expect(statusOf(await remove("mia"))).toBe(302);
    expect(await handle.db.select().from(tasks).where(eq(tasks.id, id))).toHaveLength(0);
    const [gamma] = await handle.db.select().from(tasks).where(eq(tasks.title, "Secret gamma work"));
    const gid = gamma?.id as string;
    const byAdmin = await run(async () =>
      taskAction(args(`/tasks/${gid}`, await as("admin"), { taskId: gid }, form({ intent: "delete" }))),
    );
    expect(statusOf(byAdmin)).toBe(302);
  });
});

describe("board moves and bulk changes", () => {
  beforeEach(seedTable);

  const idsOf = async (...titlesWanted: string[]) =>
    (await handle.db.select({ id: tasks.id }).from(tasks).where(inArray(tasks.title, titlesWanted))).map((r) => r.id);
  const post = async (who: string, fields: Record<string, string | string[]>, query = "") =>
    run(async () => listAction(args(`/tasks${query}`, await as(who), {}, form(fields))));
  const field = async (title: string) => (await handle.db.select().from(tasks).where(eq(tasks.title, title)))[0];

  it("moves a card to another status; a foreign task is a 404 and a viewer may not", async () => {
    const [id] = await idsOf("Brief the press office");
    const moved = (await post(
      "bob",
      { intent: "move", id: id as string, status: "in_progress" },
      "?view=board",
    )) as Response;
    expect(moved.headers.get("Location")).toBe("/tasks?view=board");
    expect((await field("Brief the press office"))?.status).toBe("in_progress");
    const [gamma] = await idsOf("Secret gamma work");
    expect(statusOf(await post("bob", { intent: "move", id: gamma as string, status: "done" }))).toBe(404);
    expect(statusOf(await post("vic", { intent: "move", id: id as string, status: "done" }))).toBe(403);
  });

  it("changes the status, priority or assignee of the ticked tasks", async () => {
    const ids = await idsOf("Brief the press office", "Check the rumour", "Secret gamma work");
    await post("bob", { intent: "status", status: "done", ids });
    expect((await field("Brief the press office"))?.status).toBe("done");
    expect((await field("Check the rumour"))?.status).toBe("done");
    // Not in Bob's projects: untouched.
    expect((await field("Secret gamma work"))?.status).toBe("todo");
    await post("bob", { intent: "priority", priority: "low", ids });
    expect((await field("Check the rumour"))?.priority).toBe("low");
    await post("bob", { intent: "assign", assignee: "nobody", ids });
    expect((await field("Brief the press office"))?.assigneeId).toBeNull();
    await post("bob", { intent: "assign", assignee: people.mia?.id as string, ids });
    expect((await field("Check the rumour"))?.assigneeId).toBe(people.mia?.id);
  });

  it("refuses to assign someone outside a ticked task's project, changing nothing", async () => {
    const ids = await idsOf("Brief the press office", "Answer complaint");
    const refused = (await post("ann", { intent: "assign", assignee: people.bob?.id as string, ids })) as Response;
    expect(refused.status).toBe(302);
    expect((await field("Answer complaint"))?.assigneeId).toBeNull();
    expect((await field("Brief the press office"))?.assigneeId).toBe(people.ann?.id);
  });

  it("deletes the ticked tasks for managers, not for analysts; all matching the filters with scope=all", async () => {
    const ids = await idsOf("Brief the press office");
    expect(statusOf(await post("bob", { intent: "delete", ids }))).toBe(403);
    await post("mia", { intent: "delete", ids });
    expect(await field("Brief the press office")).toBeUndefined();
    await post("admin", { intent: "status", status: "canceled", scope: "all" }, "?label=press");
    expect((await field("Done already"))?.status).toBe("canceled");
    expect((await field("Check the rumour"))?.status).toBe("in_progress");
  });
});

describe("CSV export and import", () => {
  beforeEach(seedTable);

  async function exportCsv(query: string, who = "admin") {
    const response = (await exportLoader(args(`/tasks/export${query}`, await as(who)))) as Response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { response, bytes, text: new TextDecoder().decode(bytes) };
  }

  function upload(content: BlobPart, name = "tasks.csv", defaultProjectId = "") {
    const body = new FormData();
    body.set("intent", "upload");
    body.set("defaultProjectId", defaultProjectId);
    body.set("file", new File([content], name, { type: "text/csv" }));
    return body;
  }
  const importPost = async (who: string, body: FormData) =>
    run(async () =>
      importAction(args("/tasks/import", await as(who), {}, { method: "POST", body, headers: { Origin: ORIGIN } })),
    );
  type Preview = {
    step: string;
    content: string;
    columns: string[];
    mapping: Record<string, string>;
    totalRows: number;
    errors: Array<{ row: number; field: string; problem: string }>;
    invalidRows: number;
  };
  function confirm(preview: Preview, defaultProjectId = "") {
    const body = new FormData();
    body.set("intent", "confirm");
    body.set("fileName", "tasks.csv");
    body.set("content", preview.content);
    body.set("defaultProjectId", defaultProjectId);
    for (const [field, column] of Object.entries(preview.mapping)) body.set(`map.${field}`, column);
    return body;
  }
  const dataOf = <T>(result: unknown) => (result as { data?: T }).data ?? (result as T);

  it("exports the current filter as CSV with a BOM, formula-like cells neutralised, times in the user's zone", async () => {
    await aTask(handle, {
      title: '=HYPERLINK("http://evil")',
      description: "@risk",
      projectId: project.alpha,
      label: "+1",
    });
    const { response, bytes, text } = await exportCsv(`?project=${project.alpha}`);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.trim().split("\n");
    expect(lines[0]).toBe(
      "title,description,status,priority,label,assignee,due_date,project,mention_id,created_at,updated_at",
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")",'@risk,todo,medium,'+1`);
    expect(text).not.toContain("Secret gamma work");
    expect(text).toContain("ann@example.com");
    expect(lines).toHaveLength(1 + 4);
    // Times in the reader's time zone (Tashkent is UTC+5).
    await handle.db
      .update(tasks)
      .set({ createdAt: new Date("2026-03-01T22:30:00Z") })
      .where(eq(tasks.title, "Check the rumour"));
    const context = await as("admin");
    context.set(preferencesContext, {
      ...(context.get(preferencesContext) as object),
      timezone: "Asia/Tashkent",
    } as never);
    const zoned = await ((await exportLoader(args("/tasks/export?q=rumour", context))) as Response).text();
    expect(zoned).toContain("2026-03-02 03:30");
  });

  it("names the file after the reader's today, not UTC's", async () => {
    // A zone whose date differs from UTC's right now: 14 hours ahead after 10:00 UTC, 11 behind before 11:00.
    const zone = new Date().getUTCHours() >= 10 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
    const context = await as("admin");
    context.set(preferencesContext, { ...(context.get(preferencesContext) as object), timezone: zone } as never);
    const response = (await exportLoader(args("/tasks/export", context))) as Response;
    expect(today(zone)).not.toBe(new Date().toISOString().slice(0, 10));
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="tasks-${today(zone)}.csv"`);
  });

  it("imports what it exported: a round trip gives the same tasks", async () => {
    const alphaTasks = () =>
      handle.db
        .select({
          title: tasks.title,
          status: tasks.status,
          priority: tasks.priority,
          label: tasks.label,
          assigneeId: tasks.assigneeId,
          dueDate: tasks.dueDate,
          projectId: tasks.projectId,
        })
        .from(tasks)
        .where(eq(tasks.projectId, project.alpha))
        .orderBy(tasks.title);
    const exported = await alphaTasks();
    const { text } = await exportCsv(`?project=${project.alpha}&sort=title`);
    await handle.db.delete(tasks);
    const preview = dataOf<Preview>(await importPost("ann", upload(text)));
    expect(preview.step).toBe("preview");
    expect(preview.totalRows).toBe(3);
    expect(preview.mapping).toMatchObject({
      title: "title",
      status: "status",
      assignee: "assignee",
      due: "due_date",
      project: "project",
    });
    const done = (await importPost("ann", confirm(preview))) as Response;
    expect(done.status).toBe(302);
    expect(await alphaTasks()).toEqual(exported);
  });

  it("imports a semicolon file in Windows-1251 with Russian headers, using the default project", async () => {
    const csv = "Задача;Приоритет;Срок;Исполнитель\nОтветить клиенту;high;31.12.2026;bob@example.com\n";
    const bytes = new Uint8Array(
      [...csv].map((ch) => {
        const code = ch.charCodeAt(0);
        return code >= 0x410 && code <= 0x44f ? code - 0x410 + 0xc0 : code;
      }),
    );
    const preview = dataOf<Preview>(await importPost("bob", upload(bytes, "tasks.csv", project.alpha)));
    expect(preview.mapping).toMatchObject({
      title: "Задача",
      priority: "Приоритет",
      due: "Срок",
      assignee: "Исполнитель",
    });
    await importPost("bob", confirm(preview, project.alpha));
    expect(await field("Ответить клиенту")).toMatchObject({
      priority: "high",
      dueDate: "2026-12-31",
      projectId: project.alpha,
      assigneeId: people.bob?.id,
    });
  });

  async function field(title: string) {
    return (await handle.db.select().from(tasks).where(eq(tasks.title, title)))[0];
  }

  it("stores nothing from a file with bad rows and says what is wrong with each", async () => {
    const csv = [
      "title,status,priority,due_date,project,assignee,mention_id",
      "Fine row,todo,low,,Alpha,,",
      ",todo,low,,Alpha,,",
      "Bad status,sleeping,urgent,2026-13-01,Alpha,,",
      "Foreign,todo,low,,Gamma,,",
      `Not a member,todo,low,,Beta,bob@example.com,${foreignMentionId}`,
    ].join("\n");
    const preview = dataOf<Preview>(await importPost("ann", upload(csv)));
    const result = await importPost("ann", confirm(preview));
    expect(statusOf(result)).toBe(422);
    const checked = dataOf<Preview>(result);
    expect(checked.invalidRows).toBe(4);
    expect(checked.errors).toEqual([
      { row: 3, field: "title", problem: "required" },
      { row: 4, field: "status", problem: "invalid" },
      { row: 4, field: "priority", problem: "invalid" },
      { row: 4, field: "due", problem: "invalid" },
      { row: 5, field: "project", problem: "unknown" },
      { row: 6, field: "assignee", problem: "notMember" },
      { row: 6, field: "mention", problem: "invalid" },
    ]);
    expect(await field("Fine row")).toBeUndefined();
  });

  it("reads Excel's Unicode text (UTF-16, with or without a BOM) like the sources import", async () => {
    const text = "title\tpriority\r\nAnswer the bank\thigh\r\n";
    const le = [..."\uFEFF", ...text].flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8]);
    for (const bytes of [le, le.slice(2)]) {
      const preview = dataOf<Preview>(await importPost("ann", upload(new Uint8Array(bytes), "tasks.txt")));
      expect(preview.step).toBe("preview");
      expect(preview.columns).toEqual(["title", "priority"]);
      expect(preview.totalRows).toBe(1);
    }
  });

  it("rejects an empty file, a header without rows, a NUL byte by its line, a binary file, and a missing file", async () => {
    const problem = async (body: FormData) => {
      const result = await importPost("ann", body);
      expect(statusOf(result)).toBe(400);
      const { fieldErrors, line } = dataOf<{ fieldErrors: { file: string }; line?: number }>(result);
      return line ? `${fieldErrors.file} (line ${line})` : fieldErrors.file;
    };
    expect(await problem(upload(""))).toBe("tasks:import.fileErrors.empty");
    expect(await problem(upload("title,status\n"))).toBe("tasks:import.fileErrors.no_rows");
    expect(await problem(upload("title,status\nOne,todo\nT\0wo,todo\n"))).toBe("tasks:import.fileErrors.nul (line 3)");
    const binary = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x01, 0x02, 0x03]);
    expect(await problem(upload(binary))).toBe("tasks:import.fileErrors.encoding");
    const none = new FormData();
    none.set("intent", "upload");
    expect(await problem(none)).toBe("tasks:import.fileErrors.missing");
    expect(await handle.db.select().from(tasks)).toHaveLength(5);
  });

  it("lets only those who edit tasks import", async () => {
    expect(statusOf(await importPost("vic", upload("title\nA\n")))).toBe(403);
  });
});
