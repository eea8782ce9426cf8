import { preferencesContext, sessionContext } from "~/core/context.server";
import { toCurrentUser } from "~/core/reader";
import { loadPreferences } from "~/features/settings/preferences.server";
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
