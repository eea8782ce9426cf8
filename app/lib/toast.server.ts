import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { signedCookie } from "./cookies.server.ts";
import { type Env, perEnv } from "./env.server.ts";

const flashToastSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  /** A translation key, e.g. "settings:preferences.updateSuccess". */
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FlashToast = z.infer<typeof flashToastSchema>;

// Short-lived: it only has to survive the redirect that follows a form post.
const toastCookie = perEnv((env) => createCookie("toast", signedCookie(env, 60)));

export function flashToast(env: Env, toast: FlashToast): Promise<string> {
  return toastCookie(env).serialize(toast);
}

/** A redirect whose next page shows the toast (printed in place when JavaScript is off). */
export async function redirectWithToast(
  env: Env,
  url: string,
  toast: FlashToast,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashToast(env, toast));
  return redirect(url, { ...init, headers });
}

/**
 * Back to the page a form was posted from, with a toast. A fetcher follows it in place of the current
 * history entry (X-Remix-Replace), so Back still leaves the page rather than repeating it.
 */
export function redirectBackWithToast(env: Env, url: string, toast: FlashToast): Promise<Response> {
  return redirectWithToast(env, url, toast, { headers: { "X-Remix-Replace": "true" } });
}

/** The pending toast, and the Set-Cookie header that clears it (when there was one). */
export async function takeFlashToast(
  env: Env,
  request: Request,
): Promise<{ toast: FlashToast | null; clear?: string }> {
  const cookie = toastCookie(env);
  const raw = await cookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { toast: null };
  const parsed = flashToastSchema.safeParse(raw);
  return { toast: parsed.success ? parsed.data : null, clear: await cookie.serialize("", { maxAge: 0 }) };
}
