import { data, redirect } from "react-router";
import { flashToast } from "../../lib/toast.server";
import { fieldErrors } from "../auth/schemas";
import type { CurrentUser } from "../auth/user";
import { createProject, DuplicateNameError, type Project, updateProject } from "./projects.server";
import { projectFormValues, projectSchema } from "./schemas";

/** What a failed project form comes back with: the typed values and an error per field. */
export interface ProjectFormResult {
  values: Record<string, string | string[]>;
  fieldErrors: Record<string, string>;
}

/** Create (no id) or edit: zod, the unique name, then the project page with a toast. */
export async function submitProjectForm(user: CurrentUser, form: FormData, id?: string) {
  const raw = projectFormValues(form);
  const values = Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? value.map(String) : String(value ?? "")]),
  );
  const parsed = projectSchema.safeParse(raw);
  if (!parsed.success)
    return data<ProjectFormResult>({ values, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  let project: Project;
  try {
    project = id ? await updateProject(user, id, parsed.data) : await createProject(user, parsed.data);
  } catch (error) {
    if (!(error instanceof DuplicateNameError)) throw error;
    return data<ProjectFormResult>({ values, fieldErrors: { name: "projects:errors.nameTaken" } }, { status: 409 });
  }
  return redirect(`/projects/${project.id}`, {
    headers: {
      "Set-Cookie": await flashToast({
        type: "success",
        key: id ? "projects:saved" : "projects:created",
        values: { name: project.name },
      }),
    },
  });
}
