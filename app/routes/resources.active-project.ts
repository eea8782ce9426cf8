import { data, redirect } from "react-router";
import { requireReader, servicesOf } from "~/core/context.server";
import { getProject } from "~/features/projects/projects.server";
import { updatePreferences } from "~/features/settings/preferences.server";
import { readForm } from "~/lib/form-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/resources.active-project";

/** The switcher: stores the project the scoped screens show (empty: all projects) and goes back. */
export async function action({ request, context }: Route.ActionArgs) {
  const reader = requireReader(context);
  const services = servicesOf(context);
  const form = await readForm(request);
  const projectId = String(form.get("projectId") ?? "");
  if (projectId && !(await getProject(services, reader, projectId))) {
    throw data({ ok: false, error: "unknown project" }, { status: 404 });
  }
  await updatePreferences(services, reader.id, { activeProjectId: projectId || null });
  return redirect(safeRedirect(form.get("redirectTo")));
}
