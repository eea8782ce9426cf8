import { Form, Link } from "react-router";
import type { PublicUser, UserEvent } from "~/core/auth-contract";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { type FormResult, useIsPending } from "~/lib/forms";
import { buttonClass, SubmitButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { DeleteCard } from "~/ui/delete-card";
import { FormError } from "~/ui/field";
import { CircleSlash, RotateCcw } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import { useFormErrors } from "~/ui/use-form-fields";
import { UserHistory } from "./history";
import { UserStatusBadge } from "./status-badge";
import { RolesAndProjects } from "./user-fields";

export const USER_INTENTS = ["update", "deactivate", "reactivate", "delete"] as const;
type Intent = (typeof USER_INTENTS)[number];

export interface UserPageData {
  user: PublicUser & { displayName: string };
  events: UserEvent[];
  projects: Array<{ id: string; name: string }>;
  isSelf: boolean;
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

/** One user: roles and projects, history, details, deactivation and deletion. */
export function UserPage({ loaderData, actionData }: { loaderData: UserPageData; actionData: FormResult | undefined }) {
  const { t } = useTranslation("users");
  const format = useFormatter();
  const { user, isSelf } = loaderData;
  const updateResult = resultFor(actionData, "update");
  const updateErrors = useFormErrors(updateResult);
  const saving = useIsPending("update");
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
        <DeleteCard ns="users" confirmLabel={t("delete.confirmLabel", { email: user.email })} result={deleteResult}>
          {deleteErrors.form && (
            <div className="mb-3">
              <FormError>{deleteErrors.form}</FormError>
            </div>
          )}
        </DeleteCard>
      )}
    </>
  );
}
