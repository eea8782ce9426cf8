import { found, requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { toCurrentUser } from "~/core/reader";
import { authCallContext } from "~/features/auth/guard.server";
import { listProjects } from "~/features/projects/projects.server";
import { deleteUserSchema, editUserSchema } from "~/features/users/schemas";
import { USER_INTENTS, UserPage } from "~/features/users/user-page";
import { deleteUser, getUser, updateUser, userHistory } from "~/features/users/users.server";
import { readForm } from "~/lib/form-body.server";
import type { FormResult } from "~/lib/forms";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { Route } from "./+types/_app.users.$userId";

export async function loader({ context, params }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "users.manage");
  const services = servicesOf(context);
  const caller = authCallContext(context);
  const [user, events, projects] = await Promise.all([
    getUser(services, caller, params.userId),
    userHistory(services, caller, params.userId),
    listProjects(services, reader),
  ]);
  const shown = found(user);
  const { displayName } = toCurrentUser(shown);
  return {
    user: { ...shown, displayName },
    events: found(events),
    projects: projects.map((p) => ({ id: p.id, name: p.name })),
    isSelf: params.userId === reader.id,
  };
}

/** A failure, marked with the form it belongs to, so only that form shows it. */
const failed = (intent: string, result: FormResult, status = 400) =>
  formFailure({ ...result, values: { ...result.values, intent } }, status);

export async function action({ request, context, params, url }: Route.ActionArgs) {
  requirePermission(requireReader(context), "users.manage");
  const services = servicesOf(context);
  const caller = authCallContext(context);
  const form = await readForm(request);
  const intent = USER_INTENTS.find((i) => i === form.get("intent"));
  if (!intent) return formFailure({ formError: { key: "forms:errors.invalid" } });
  const id = params.userId;

  if (intent === "update") {
    const submission = parseForm(form, editUserSchema);
    if (!submission.success) return failed(intent, submission.result);
    const outcome = await updateUser(services, caller, id, submission.data, submission.values);
    if (!outcome.ok) return failed(intent, outcome.result, outcome.status);
    return redirectWithToast(services.env, url.pathname, { type: "success", key: "users:toasts.saved" });
  }
  if (intent === "delete") {
    const user = found(await getUser(services, caller, id));
    const submission = parseForm(form, deleteUserSchema(user.email));
    if (!submission.success) return failed(intent, submission.result);
    const outcome = await deleteUser(services, caller, id, submission.values);
    if (!outcome.ok) return failed(intent, outcome.result, outcome.status);
    return redirectWithToast(services.env, "/users", {
      type: "success",
      key: "users:toasts.deleted",
      values: { email: user.email },
    });
  }
  const status = intent === "deactivate" ? "deactivated" : "active";
  const outcome = await updateUser(services, caller, id, { status });
  if (!outcome.ok) return failed(intent, outcome.result, outcome.status);
  return redirectWithToast(services.env, url.pathname, { type: "success", key: `users:toasts.${status}` });
}

export default function User({ loaderData, actionData }: Route.ComponentProps) {
  return <UserPage loaderData={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = PageErrorBoundary;
