import { createCookieSessionStorage } from "react-router";
import { createThemeSessionResolver, Theme } from "remix-themes";
import { signedCookie } from "./cookies.server.ts";
import { type Env, perEnv } from "./env.server.ts";
import type { ResolvedTheme, ThemeChoice } from "./theme.ts";

const themeSessionResolver = perEnv((env) =>
  createThemeSessionResolver(
    createCookieSessionStorage({ cookie: { name: "theme", ...signedCookie(env, 60 * 60 * 24 * 365) } }),
  ),
);

/**
 * The theme the user chose, and the light/dark value the server can already render: the choice,
 * or for "system" the browser's Sec-CH-Prefers-Color-Scheme client hint when it sent one.
 */
export async function readTheme(
  env: Env,
  request: Request,
): Promise<{ choice: ThemeChoice; resolved: ResolvedTheme | null }> {
  const chosen = (await themeSessionResolver(env)(request)).getTheme();
  if (chosen) return { choice: chosen, resolved: chosen };
  const hint = request.headers.get("Sec-CH-Prefers-Color-Scheme");
  return { choice: "system", resolved: hint === "dark" || hint === "light" ? hint : null };
}

/** The Set-Cookie header that stores a theme choice ("system" removes the cookie). */
export async function commitTheme(env: Env, request: Request, choice: ThemeChoice): Promise<string> {
  const session = await themeSessionResolver(env)(request);
  if (choice === "system") return session.destroy();
  session.setTheme(choice === "dark" ? Theme.DARK : Theme.LIGHT);
  return session.commit();
}
