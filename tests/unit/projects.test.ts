import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { messageProjects, projects } from "~/db/schema";
import { loadPreferences, updatePreferences } from "~/features/settings/preferences.server";
import { loader as listLoader } from "~/routes/_app.projects._index";
import { action as detailAction, loader as detailLoader } from "~/routes/_app.projects.$projectId";
import { action as editAction } from "~/routes/_app.projects.$projectId.edit";
import { action as createAction, loader as createLoader } from "~/routes/_app.projects.create";
import { action as activeProjectAction } from "~/routes/resources.active-project";
import type { RunningJobQueue } from "../../server/jobs/queue";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { jobsSettled, startTestJobQueue } from "../support/jobs";
import { call, formPost, get, statusOf } from "../support/route";
import { testServices } from "../support/services";
import { signedInContext } from "../support/session";

let handle: DatabaseHandle;
let queue: RunningJobQueue;
let alpha: string;
let beta: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  queue = await startTestJobQueue(handle);
  alpha = (await aProject(handle, { name: "Alpha", keywords: ["alpha"] })).id;
  beta = (await aProject(handle, { name: "Beta", keywords: ["beta"] })).id;
  await mentions(handle, {
    source: await aSource(handle, { type: "rss", name: "Feed", url: "https://feed.example/rss" }),
    items: [
      { text: "Ўзбекистонда Гамма очилди" },
      { text: "Gamma va Alpha hamkorligi" },
      { text: "Gammachi vakansiya" },
    ],
  });
});
afterAll(async () => {
  await queue.stop(1_000);
  await handle.close();
});

const projectForm = (fields: Record<string, string>) => formPost("/projects/create", { color: "#16a34a", ...fields });

describe("who sees which projects", () => {
  it("admins see all, others only theirs; an outsider's id is 404", async () => {
    const admin = await signedInContext({ roles: ["admin"] });
    const analyst = await signedInContext({ roles: ["analyst"], projectIds: [alpha] });
    const adminList = (await call(listLoader as never, get("/projects"), admin.context)) as {
      rows: Array<{ name: string }>;
    };
    expect(adminList.rows.map((p) => p.name)).toEqual(["Alpha", "Beta"]);
    const analystList = (await call(listLoader as never, get("/projects"), analyst.context)) as {
      rows: Array<{ name: string }>;
      canCreate: boolean;
    };
    expect(analystList.rows.map((p) => p.name)).toEqual(["Alpha"]);
    expect(analystList.canCreate).toBe(false);
    expect(
      statusOf(await call(detailLoader as never, get(`/projects/${beta}`), analyst.context, { projectId: beta })),
    ).toBe(404);
    expect(
      statusOf(
        await call(detailLoader as never, get("/projects/not-a-uuid"), admin.context, { projectId: "not-a-uuid" }),
      ),
    ).toBe(404);
  });

  it("filters the list by name or keyword and by status, from the URL", async () => {
    const admin = await signedInContext({ roles: ["admin"] });
    const byKeyword = (await call(listLoader as never, get("/projects?q=BET"), admin.context)) as {
      rows: Array<{ name: string }>;
    };
    expect(byKeyword.rows.map((p) => p.name)).toEqual(["Beta"]);
    const paused = (await call(listLoader as never, get("/projects?status=paused"), admin.context)) as {
      rows: unknown[];
    };
    expect(paused.rows).toEqual([]);
  });
});

describe("creating, editing, pausing and deleting", () => {
  it("only admins create; bad input keeps what was typed; names are unique in any case", async () => {
    const manager = await signedInContext({ roles: ["manager"], projectIds: [alpha] });
    expect(statusOf(await call(createLoader as never, get("/projects/create"), manager.context))).toBe(403);
    expect(
      statusOf(await call(createAction as never, projectForm({ name: "X", keywords: "x" }), manager.context)),
    ).toBe(403);

    const admin = await signedInContext({ roles: ["admin"] });
    const bad = (await call(
      createAction as never,
      projectForm({ name: "  ", keywords: " , ", description: "kept" }),
      admin.context,
    )) as {
      data: { values: Record<string, unknown>; fieldErrors: Record<string, string> };
      init: ResponseInit;
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({
      name: "projects:errors.nameRequired",
      keywords: "projects:errors.keywordsRequired",
    });
    expect(bad.data.values.description).toBe("kept");
    const taken = (await call(createAction as never, projectForm({ name: "alpha", keywords: "a" }), admin.context)) as {
      init: ResponseInit;
      data: { fieldErrors: unknown };
    };
    expect(taken.init.status).toBe(409);
    expect(taken.data.fieldErrors).toEqual({ name: "projects:errors.nameTaken" });
  });

  it("creates a project, de-duplicates its terms and links the stored mentions it matches", async () => {
    const admin = await signedInContext({ roles: ["admin"] });
    const response = (await call(
      createAction as never,
      projectForm({ name: "Gamma", keywords: "Gamma\ngamma, Гамма", excludedWords: "vakansiya", competitorIds: alpha }),
      admin.context,
    )) as Response;
    expect(response.status).toBe(302);
    const id = response.headers.get("Location")?.split("/").at(-1) as string;
    const [stored] = await handle.db.select().from(projects).where(eq(projects.id, id));
    expect(stored).toMatchObject({
      name: "Gamma",
      keywords: ["Gamma", "Гамма"],
      excludedWords: ["vakansiya"],
      competitorIds: [alpha],
    });
    // Matching the stored mentions runs in the background.
    await jobsSettled(handle);
    const links = await handle.db.select().from(messageProjects).where(eq(messageProjects.projectId, id));
    expect(links).toHaveLength(2);
  });

  it("managers edit and pause their projects, not others'; only admins delete, with the name typed", async () => {
    const manager = await signedInContext({ roles: ["manager"], projectIds: [alpha] });
    const edit = (await call(
      editAction as never,
      formPost(`/projects/${alpha}/edit`, { name: "Alpha", keywords: "alpha\nalfa", color: "#000000" }),
      manager.context,
      { projectId: alpha },
    )) as Response;
    expect(edit.status).toBe(302);
    expect(
      statusOf(
        await call(
          editAction as never,
          formPost(`/projects/${beta}/edit`, { name: "Beta", keywords: "b", color: "#000000" }),
          manager.context,
          { projectId: beta },
        ),
      ),
    ).toBe(404);
    const pause = (await call(
      detailAction as never,
      formPost(`/projects/${alpha}`, { intent: "pause" }),
      manager.context,
      { projectId: alpha },
    )) as Response;
    expect(pause.status).toBe(302);
    expect((await handle.db.select().from(projects).where(eq(projects.id, alpha)))[0]?.status).toBe("paused");

    const viewer = await signedInContext({ roles: ["viewer"], projectIds: [alpha] });
    expect(
      statusOf(
        await call(detailAction as never, formPost(`/projects/${alpha}`, { intent: "resume" }), viewer.context, {
          projectId: alpha,
        }),
      ),
    ).toBe(403);
    expect(
      statusOf(
        await call(
          detailAction as never,
          formPost(`/projects/${alpha}`, { intent: "delete", confirm: "Alpha" }),
          manager.context,
          { projectId: alpha },
        ),
      ),
    ).toBe(403);

    const admin = await signedInContext({ roles: ["admin"] });
    // Someone looking at Beta in the switcher is back on "All projects" once it is gone.
    const watcher = await signedInContext({ roles: ["admin"] });
    await updatePreferences(testServices(), watcher.user.id, { activeProjectId: beta });
    const wrongName = (await call(
      detailAction as never,
      formPost(`/projects/${beta}`, { intent: "delete", confirm: "beta" }),
      admin.context,
      { projectId: beta },
    )) as { init: ResponseInit };
    expect(wrongName.init.status).toBe(400);
    const deleted = (await call(
      detailAction as never,
      formPost(`/projects/${beta}`, { intent: "delete", confirm: "Beta" }),
      admin.context,
      { projectId: beta },
    )) as Response;
    expect(deleted.headers.get("Location")).toBe("/projects");
    expect(await handle.db.select().from(projects).where(eq(projects.id, beta))).toEqual([]);
    expect(
      (await loadPreferences(testServices(), watcher.user.id, () => Promise.reject(new Error("row expected"))))
        .activeProjectId,
    ).toBeNull();
  });
});

describe("demo texts in the reader's language", () => {
  const translated = {
    description: { ru: "Розничный банк", uz: "Chakana bank", "uz-Cyrl": "Чакана банк" },
  };
  const describedAs = async (id: string, language: "en" | "ru") => {
    const reader = await signedInContext({ roles: ["admin"], language });
    const page = (await call(detailLoader as never, get(`/projects/${id}`), reader.context, { projectId: id })) as {
      project: { description: string | null };
    };
    return page.project.description;
  };
  const edit = async (id: string, language: "en" | "ru", description: string) => {
    const editor = await signedInContext({ roles: ["admin"], language });
    const form = { name: `Bank ${id.slice(0, 8)}`, keywords: "bank", color: "#000000", description };
    return (await call(editAction as never, formPost(`/projects/${id}/edit`, form), editor.context, {
      projectId: id,
    })) as Response;
  };

  it("shows each reader the description in their language, until someone writes their own", async () => {
    const project = await aProject(handle, { description: "Retail bank", translations: translated });
    expect(await describedAs(project.id, "ru")).toBe("Розничный банк");
    expect(await describedAs(project.id, "en")).toBe("Retail bank");

    // Saved by a Russian reader without touching the description: every language stays.
    expect((await edit(project.id, "ru", "Розничный банк")).status).toBe(302);
    expect(await describedAs(project.id, "en")).toBe("Retail bank");
    expect(await describedAs(project.id, "ru")).toBe("Розничный банк");

    // Their own words replace the translations for everyone.
    expect((await edit(project.id, "ru", "Наш банк")).status).toBe(302);
    expect(await describedAs(project.id, "en")).toBe("Наш банк");
    expect(await describedAs(project.id, "ru")).toBe("Наш банк");
  });
});

describe("the switcher", () => {
  it("stores the active project, or all projects; an outsider's project is refused", async () => {
    const analyst = await signedInContext({ roles: ["analyst"], projectIds: [alpha] });
    const chosen = (await call(
      activeProjectAction as never,
      formPost("/resources/active-project", { projectId: alpha, redirectTo: "/messages" }),
      analyst.context,
    )) as Response;
    expect(chosen.headers.get("Location")).toBe("/messages");
    const prefs = () =>
      loadPreferences(testServices(), analyst.user.id, () => Promise.reject(new Error("row expected")));
    expect((await prefs()).activeProjectId).toBe(alpha);
    await call(activeProjectAction as never, formPost("/resources/active-project", { projectId: "" }), analyst.context);
    expect((await prefs()).activeProjectId).toBeNull();
    const refused = await call(
      activeProjectAction as never,
      formPost("/resources/active-project", { projectId: beta }),
      analyst.context,
    );
    expect(statusOf(refused)).toBe(404);
  });
});
