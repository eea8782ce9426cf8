import { Form, Link } from "react-router";
import { toCurrentUser } from "~/core/reader";
import { requireRole } from "~/features/auth/guard.server";
import { listProjects } from "~/features/projects/projects.server";
import { UserHistory } from "~/features/users/history";
import { deleteUserSchema, editUserSchema } from "~/features/users/schemas";
import { UserStatusBadge } from "~/features/users/status-badge";
import { RolesAndProjects } from "~/features/users/user-fields";
import { deleteUser, getUser, updateUser, userHistory } from "~/features/users/users.server";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { type FormResult, useFormErrors, useIsPending } from "~/lib/forms";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { buttonClass, SubmitButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { FormError } from "~/ui/field";
import { CircleSlash, RotateCcw, Trash2 } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.users.$userId";

const INTENTS = ["update", "deactivate", "reactivate", "delete"] as const;
type Intent = (typeof INTENTS)[number];

export async function loader({ context, params }: Route.LoaderArgs) {
  const me = requireRole(context, "users.manage");
  const user = await getUser(context, params.userId);
  const [events, projects] = await Promise.all([userHistory(context, user.id), listProjects(me)]);
  const { displayName, username, firstName } = toCurrentUser(user);
  return {
    user: { ...user, displayName, username, firstName },
    events,
    projects: projects.map((p) => ({ id: p.id, name: p.name })),
    isSelf: user.id === me.id,
  };
}

/** A failure, marked with the form it belongs to, so only that form shows it. */
const failed = (intent: Intent, result: FormResult, status = 400) =>
  formFailure({ ...result, values: { ...result.values, intent } }, status);

export async function action({ request, context, params, url }: Route.ActionArgs) {
  requireRole(context, "users.manage");
  const form = await request.formData();
  const intent = INTENTS.find((i) => i === form.get("intent"));
  if (!intent) return formFailure({ formError: { key: "forms:errors.invalid" } });
  const id = params.userId;
  const back = url.pathname;

  if (intent === "update") {
    const submission = parseForm(form, editUserSchema);
    if (!submission.success) return failed(intent, submission.result);
    const outcome = await updateUser(context, id, submission.data, submission.values);
    if (!outcome.ok) return failed(intent, outcome.result, outcome.status);
    return redirectWithToast(back, { type: "success", key: "users:toasts.saved" });
  }
  if (intent === "delete") {
    const user = await getUser(context, id);
    const submission = parseForm(form, deleteUserSchema(user.email));
    if (!submission.success) return failed(intent, submission.result);
    const outcome = await deleteUser(context, id, submission.values);
    if (!outcome.ok) return failed(intent, outcome.result, outcome.status);
    return redirectWithToast("/users", { type: "success", key: "users:toasts.deleted", values: { email: user.email } });
  }
  const status = intent === "deactivate" ? "deactivated" : "active";
  const outcome = await updateUser(context, id, { status });
  if (!outcome.ok) return failed(intent, outcome.result, outcome.status);
  return redirectWithToast(back, { type: "success", key: `users:toasts.${status}` });
}

/** The action's answer, when it belongs to this form. */
function resultFor(actionData: FormResult | undefined, intent: Intent) {
  return actionData?.values?.intent === intent ? actionData : undefined;
}

function StatusForm({ active, result }: { active: boolean; result: FormResult | undefined }) {
  const { t } = useTranslation("users");
  const intent = active ? "deactivate" : "reactivate";
  const pending = useIsPending(intent);
  const errors = useFormErrors(result);
  return (
    <Form method="post" className="flex flex-col items-start gap-3">
      <FormError>{errors.form}</FormError>
      <p className="text-sm text-muted-foreground">
        {active ? t("accountStatus.deactivateHint") : t("accountStatus.reactivateHint")}
      </p>
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton variant="outline" pending={pending} pendingLabel={t("form.saving")}>
        {active ? <CircleSlash aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
        {active ? t("accountStatus.deactivate") : t("accountStatus.reactivate")}
      </SubmitButton>
    </Form>
  );
}

export default function UserPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("users");
  const format = useFormatter();
  const { user, isSelf } = loaderData;
  const updateResult = resultFor(actionData, "update");
  const updateErrors = useFormErrors(updateResult);
  const saving = useIsPending("update");
  const deleting = useIsPending("delete");
  const deleteResult = resultFor(actionData, "delete");
  const deleteErrors = useFormErrors(deleteResult);
  const projectNames = Object.fromEntries(loaderData.projects.map((p) => [p.id, p.name]));

  return (
    <>
      <PageHeader
        help="users"
        title={user.displayName}
        description={<span data-user-content>{user.email}</span>}
        actions={
          <Link to="/users" className={buttonClass("outline")}>
            {t("backToList")}
          </Link>
        }
      />
      <div className="mb-6 flex flex-wrap items-center gap-2">
        <UserStatusBadge status={user.status} />
        {isSelf && <span className="text-sm text-muted-foreground">{t("detail.you")}</span>}
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <Card title={t("detail.access")}>
            <Form method="post" className="flex flex-col gap-6" noValidate>
              <FormError>{updateErrors.form}</FormError>
              <input type="hidden" name="intent" value="update" />
              <RolesAndProjects
                result={updateResult}
                roles={user.roles}
                projectIds={user.projectIds}
                projects={loaderData.projects}
              />
              <SubmitButton pending={saving} pendingLabel={t("form.saving")} className="self-start">
                {t("form.save")}
              </SubmitButton>
            </Form>
          </Card>
          <Card title={t("history.title")}>
            <UserHistory events={loaderData.events} projects={projectNames} />
          </Card>
        </div>

        <div className="flex flex-col gap-6">
          <Card title={t("detail.details")}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t("table.username")}</dt>
              <dd data-user-content>{user.username}</dd>
              <dt className="text-muted-foreground">{t("table.firstName")}</dt>
              <dd data-user-content>{user.firstName}</dd>
              <dt className="text-muted-foreground">{t("table.created")}</dt>
              <dd>
                <time dateTime={user.createdAt}>{format.dateTime(user.createdAt)}</time>
              </dd>
              <dt className="text-muted-foreground">{t("table.lastSignIn")}</dt>
              <dd>
                {user.lastSignInAt ? (
                  <time dateTime={user.lastSignInAt}>{format.dateTime(user.lastSignInAt)}</time>
                ) : (
                  t("detail.neverSignedIn")
                )}
              </dd>
            </dl>
          </Card>
          {!isSelf && (
            <Card title={t("accountStatus.title")}>
              <StatusForm
                active={user.status === "active"}
                result={resultFor(actionData, user.status === "active" ? "deactivate" : "reactivate")}
              />
            </Card>
          )}
        </div>
      </div>

      {!isSelf && (
        <Card title={t("delete.title")} danger className="mt-10">
          <p className="mb-3 text-sm text-muted-foreground">{t("delete.description")}</p>
          {deleteErrors.form && (
            <div className="mb-3">
              <FormError>{deleteErrors.form}</FormError>
            </div>
          )}
          <ConfirmDialog
            trigger={
              <>
                <Trash2 aria-hidden="true" />
                {t("delete.start")}
              </>
            }
            title={t("delete.title")}
            description={t("delete.description")}
            confirmLabel={t("delete.confirmLabel", { email: user.email })}
            submitLabel={t("delete.submit")}
            pendingLabel={t("delete.deleting")}
            pending={deleting}
            result={deleteResult}
            fields={{ intent: "delete" }}
          />
        </Card>
      )}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
