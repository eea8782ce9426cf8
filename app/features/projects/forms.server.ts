import type { CurrentUser } from "../../core/reader";
import { formFailure, parseForm } from "../../lib/forms.server";
import { redirectWithToast } from "../../lib/toast.server";
import { createProject, DuplicateNameError, type Project, updateProject } from "./projects.server";
import { projectSchema } from "./schemas";

/** Create (no id) or edit: zod, the unique name, then the project page with a toast. */
/** `language`: the reader's, in which an edit form showed the description. */
export async function submitProjectForm(user: CurrentUser, form: FormData, language: string, id?: string) {
  const submission = parseForm(form, projectSchema);
  if (!submission.success) return formFailure(submission.result);
  let project: Project;
  try {
    project = id
      ? await updateProject(user, id, submission.data, language)
      : await createProject(user, submission.data);
  } catch (error) {
    if (!(error instanceof DuplicateNameError)) throw error;
    return formFailure({ values: submission.values, fieldErrors: { name: "projects:errors.nameTaken" } }, 409);
  }
  return redirectWithToast(`/projects/${project.id}`, {
    type: "success",
    key: id ? "projects:saved" : "projects:created",
    values: { name: project.name },
  });
}
