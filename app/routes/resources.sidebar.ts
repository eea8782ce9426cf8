import { data, redirect } from "react-router";
import { readForm } from "~/lib/form-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { sidebarCookie } from "~/lib/sidebar.server";
import type { Route } from "./+types/resources.sidebar";

/** Remembers whether the desktop sidebar is collapsed; a plain form post (JS off) comes back. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const collapsed = form.get("collapsed") === "true";
  const headers = { "Set-Cookie": await sidebarCookie.serialize(collapsed ? "collapsed" : "expanded") };
  const redirectTo = form.get("redirectTo");
  if (redirectTo !== null) return redirect(safeRedirect(redirectTo), { headers });
  return data({ collapsed }, { headers });
}
