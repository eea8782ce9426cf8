import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { fromEnv } from "./env.server.ts";

const flashToastSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  /** A translation key, e.g. "settings:preferences.updateSuccess". */
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FlashToast = z.infer<typeof flashToastSchema>;

// Short-lived: it only has to survive the redirect that follows a form post.
const toastCookie = fromEnv((env) =>
  createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.isProduction,
    secrets: [env.sessionSecret],
    maxAge: 60,
  }),
);

export function flashToast(toast: FlashToast): Promise<string> {
  return toastCookie().serialize(toast);
}

/** A redirect whose next page shows the toast (printed in place when JavaScript is off). */
export async function redirectWithToast(url: string, toast: FlashToast, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashToast(toast));
  return redirect(url, { ...init, headers });
}

/**
 * Back to the page a form was posted from, with a toast. A fetcher follows it in place of the current
 * history entry (X-Remix-Replace), so Back still leaves the page rather than repeating it.
 */
export function redirectBackWithToast(url: string, toast: FlashToast): Promise<Response> {
  return redirectWithToast(url, toast, { headers: { "X-Remix-Replace": "true" } });
}

/** The pending toast, and the Set-Cookie header that clears it (when there was one). */
export async function takeFlashToast(request: Request): Promise<{ toast: FlashToast | null; clear?: string }> {
  const raw = await toastCookie().parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { toast: null };
  const parsed = flashToastSchema.safeParse(raw);
  return { toast: parsed.success ? parsed.data : null, clear: await toastCookie().serialize("", { maxAge: 0 }) };
}
