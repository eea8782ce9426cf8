import { type Preferences, preferencesContext, sessionContext } from "~/core/context.server";
import { toCurrentUser } from "~/core/reader";
import { loadPreferences } from "~/features/settings/preferences.server";
import { ORIGIN } from "./route";
import { testContext, testServices } from "./services";

let counter = 0;

/** A signed-in user's request context, as the root middleware would build it, with their preferences. */
export async function signedInContext(
  overrides: {
    id?: string;
    roles?: Array<"admin" | "manager" | "analyst" | "viewer">;
    projectIds?: string[];
    language?: "en" | "ru" | "uz" | "uz-Cyrl";
  } = {},
) {
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;
  const user = toCurrentUser({
    id,
    email: `user${counter}@example.com`,
    roles: overrides.roles ?? ["viewer"],
    projectIds: overrides.projectIds ?? [],
    createdAt: "2026-01-15T09:30:00Z",
  });
  const context = testContext();
  context.set(sessionContext, { user, token: null, expired: false });
  context.set(
    preferencesContext,
    await loadPreferences(testServices(), id, async () => ({
      language: overrides.language ?? "en",
      timezone: "UTC",
      theme: "system",
    })),
  );
  return { user, context };
}

export type SignedInContext = Awaited<ReturnType<typeof signedInContext>>["context"];

/** An admin reading in `timezone`, with the project switcher on one project or (null) on all. */
export async function adminIn(timezone: string, activeProjectId: string | null): Promise<SignedInContext> {
  const { context } = await signedInContext({ roles: ["admin"] });
  const preferences = context.get(preferencesContext) as Preferences;
  context.set(preferencesContext, { ...preferences, timezone, activeProjectId });
  return context;
}

/** A loader's or action's arguments for `path` (or `request`) in a signed-in context. */
export function argsIn(context: SignedInContext, path: string, params: Record<string, string> = {}, request?: Request) {
  const asked = request ?? new Request(`${ORIGIN}${path}`);
  return { request: asked, context, params, url: new URL(asked.url), pattern: "" } as never;
}
