import { createInstance } from "i18next";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { DatabaseHandle } from "~/db/client.server";
import { loadPreferences } from "~/features/settings/preferences.server";
import { LANGUAGES, NAMESPACES } from "~/i18n/config";
import { resources } from "~/i18n/i18n.server";
import { freeText } from "~/lib/form-rules";
import { type FormResult, translateErrors } from "~/lib/forms";
import { parseForm } from "~/lib/forms.server";
import { redirectWithToast, takeFlashToast } from "~/lib/toast.server";
import { action as createProjectAction } from "~/routes/_app.projects.create";
import { action as profileAction } from "~/routes/_app.settings._index";
import { openTestDatabase } from "../support/builders";
import { formPost, ORIGIN } from "../support/route";
import { testEnv, testServices } from "../support/services";
import { signedInContext } from "../support/session";

let db: DatabaseHandle;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

const schema = z
  .object({
    name: freeText().min(1, { error: "projects:errors.nameRequired" }),
    tags: z.array(z.string()).optional(),
    count: z.coerce.number().int(),
    password: z.string().min(8, { error: "auth:errors.passwordTooShort" }),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { error: "auth:errors.passwordsDontMatch" });

describe("parseForm", () => {
  it("parses a valid post and keeps what was typed, but never a password", () => {
    const submission = parseForm(
      form([
        ["name", "  Qovun  "],
        ["tags", "a"],
        ["tags", "b"],
        ["count", "3"],
        ["password", "long enough"],
        ["confirmPassword", "long enough"],
        ["redirect", "/elsewhere"],
      ]),
      schema,
    );
    expect(submission.success).toBe(true);
    if (!submission.success) return;
    expect(submission.data).toEqual({
      name: "Qovun",
      tags: ["a", "b"],
      count: 3,
      password: "long enough",
      confirmPassword: "long enough",
    });
    // The schema's fields as typed; fields it does not read (redirect) and passwords stay out.
    expect(submission.values).toEqual({ name: "  Qovun  ", tags: ["a", "b"], count: "3" });
  });

  it("a failure keeps the values and names one translation key per field; zod's own texts become a generic key", () => {
    const submission = parseForm(
      form([
        ["name", " "],
        ["count", "many"],
        ["password", "short"],
        ["confirmPassword", "other"],
      ]),
      schema,
    );
    expect(submission.success).toBe(false);
    if (submission.success) return;
    expect(submission.result).toEqual({
      values: { name: " ", count: "many" },
      fieldErrors: {
        name: "projects:errors.nameRequired",
        count: "forms:errors.invalid",
        password: "auth:errors.passwordTooShort",
      },
    });
  });

  it("an error about the whole form is the form's error", () => {
    const submission = parseForm(
      form([
        ["name", "x"],
        ["count", "1"],
        ["password", "long enough"],
        ["confirmPassword", "different"],
      ]),
      schema,
    );
    expect(submission.success ? null : submission.result.formError).toEqual({ key: "auth:errors.passwordsDontMatch" });
  });
});

describe("translated errors", () => {
  const result: FormResult = {
    fieldErrors: { bio: "forms:errors.controlCharacters" },
    formError: { key: "settings:preferences.updateFailed" },
  };

  it("says each field's and the form's error in the page's language", async () => {
    const seen = new Set<string>();
    for (const lng of LANGUAGES) {
      const i18n = createInstance();
      await i18n.init({ lng, resources, ns: [...NAMESPACES], defaultNS: "common", fallbackLng: false });
      const errors = translateErrors(i18n.t, result);
      const ns = resources[lng] as Record<string, any>;
      expect(errors.field("bio"), lng).toBe(ns.forms.errors.controlCharacters);
      expect(errors.form, lng).toBe(ns.settings.preferences.updateFailed);
      expect(errors.field("other"), lng).toBeUndefined();
      seen.add(errors.field("bio") as string);
    }
    expect(seen.size).toBe(LANGUAGES.length);
  });

  it("shows a service's own text as it is", async () => {
    const i18n = createInstance();
    await i18n.init({ lng: "ru", resources });
    expect(translateErrors(i18n.t, { formError: { text: "Service says no" } }).form).toBe("Service says no");
  });
});

describe("free text", () => {
  it("is trimmed; control characters are refused, line breaks and tabs only where the text has lines", () => {
    const line = freeText();
    const lines = freeText({ multiline: true });
    expect(line.parse("  Orzu Bank ")).toBe("Orzu Bank");
    expect(lines.parse("first\r\n\tsecond")).toBe("first\r\n\tsecond");
    for (const bad of ["a\u0000b", "bell\u0007", "esc\u001b[31m", "del\u007f", "c1\u0085"]) {
      expect(line.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe("forms:errors.controlCharacters");
      expect(lines.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(line.safeParse("two\nlines").success).toBe(false);
  });

  it("a NUL byte in the bio is a translated field error, not a database error, and nothing is stored", async () => {
    const { user, context } = await signedInContext();
    const request = formPost("/settings", { bio: "PR lead\u0000" });
    const result = (await profileAction({
      request,
      context,
      params: {},
      url: new URL(request.url),
      pattern: "/settings",
    } as never)) as { data: FormResult; init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({
      values: { bio: "PR lead\u0000" },
      fieldErrors: { bio: "forms:errors.controlCharacters" },
    });
    const stored = await loadPreferences(testServices(), user.id, () => Promise.reject(new Error("row expected")));
    expect(stored.bio).toBeNull();
  });

  it("a project's name, description and keywords refuse control characters", async () => {
    const { context } = await signedInContext({ roles: ["admin"] });
    const request = formPost("/projects/create", {
      name: "Nul\u0000",
      description: "Desc\u0000",
      keywords: "ok\nbell\u0007",
      color: "#16a34a",
    });
    const result = (await createProjectAction({
      request,
      context,
      params: {},
      url: new URL(request.url),
      pattern: "/projects/create",
    } as never)) as { data: FormResult; init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      name: "forms:errors.controlCharacters",
      description: "forms:errors.controlCharacters",
      keywords: "forms:errors.controlCharacters",
    });
  });
});

describe("redirectWithToast", () => {
  it("redirects with the flash cookie, which the next request reads once, and keeps other headers", async () => {
    const response = await redirectWithToast(
      testEnv(),
      "/projects",
      { type: "success", key: "projects:deleted", values: { name: "Alpha" } },
      { headers: { "Set-Cookie": "other=1; Path=/" } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/projects");
    const cookies = response.headers.getSetCookie();
    expect(cookies[0]).toBe("other=1; Path=/");
    const toast = cookies.find((c) => c.startsWith("toast="));
    expect(toast).toMatch(/HttpOnly/i);
    expect(toast).toMatch(/SameSite=Lax/i);

    const next = new Request(`${ORIGIN}/projects`, { headers: { Cookie: (toast as string).split(";")[0] as string } });
    const taken = await takeFlashToast(testEnv(), next);
    expect(taken.toast).toEqual({ type: "success", key: "projects:deleted", values: { name: "Alpha" } });
    expect(taken.clear).toMatch(/^toast=;.*Max-Age=0/i);
  });
});
