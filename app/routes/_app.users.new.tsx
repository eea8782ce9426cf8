import { data, Form, Link } from "react-router";
import { requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { authCallContext } from "~/features/auth/guard.server";
import { listProjects } from "~/features/projects/projects.server";
import { createUserSchema } from "~/features/users/schemas";
import { RolesAndProjects } from "~/features/users/user-fields";
import { createUser } from "~/features/users/users.server";
import { useTranslation } from "~/i18n/use-translation";
import { readForm } from "~/lib/form-body.server";
import { type FormResult, typedValue, useIsPending } from "~/lib/forms";
import { formFailure, parseForm } from "~/lib/forms.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { buttonClass, SubmitButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { EmailField, FormError } from "~/ui/field";
import { KeyRound } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import { useFormErrors } from "~/ui/use-form-fields";
import type { Route } from "./+types/_app.users.new";

export async function loader({ context }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "users.manage");
  return { projects: (await listProjects(servicesOf(context), reader)).map((p) => ({ id: p.id, name: p.name })) };
}

type Created = { created: { id: string; email: string; oneTimePassword: string } };

/** Creates the user; the answer carries the one-time password, shown this once and never stored (ADR 025). */
export async function action({ request, context }: Route.ActionArgs) {
  requirePermission(requireReader(context), "users.manage");
  const submission = parseForm(await readForm(request), createUserSchema);
  if (!submission.success) return formFailure(submission.result);
  const outcome = await createUser(servicesOf(context), authCallContext(context), submission.data, submission.values);
  if (!outcome.ok) return formFailure(outcome.result, outcome.status);
  const { user, oneTimePassword } = outcome.data;
  return data<Created>(
    { created: { id: user.id, email: user.email, oneTimePassword } },
    { headers: { "Cache-Control": "no-store" } },
  );
}

function OneTimePassword({ created }: Created) {
  const { t } = useTranslation("users");
  return (
    <Card className="max-w-2xl">
      <div role="status" className="flex flex-col gap-3">
        <h2 className="flex items-center gap-2 font-semibold">
          <KeyRound aria-hidden="true" className="size-4" />
          {t("created.title", { email: created.email })}
        </h2>
        <p className="text-sm text-muted-foreground">{t("created.description")}</p>
        <p className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t("created.password")}</span>
          <output
            data-testid="one-time-password"
            data-user-content
            className="w-fit rounded-md bg-muted px-3 py-2 font-mono text-lg select-all"
          >
            {created.oneTimePassword}
          </output>
        </p>
        <p className="text-sm text-muted-foreground">{t("created.once")}</p>
        <div className="flex flex-wrap gap-2">
          <Link to={`/users/${created.id}`} className={buttonClass()}>
            {t("created.open")}
          </Link>
          <Link to="/users/new" reloadDocument className={buttonClass("outline")}>
            {t("created.another")}
          </Link>
        </div>
      </div>
    </Card>
  );
}

export default function NewUserPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("users");
  const pending = useIsPending();
  const result = actionData && !("created" in actionData) ? (actionData as FormResult) : undefined;
  const errors = useFormErrors(result);
  return (
    <>
      <PageHeader help="users#roles" title={t("create.title")} description={t("create.description")} />
      {actionData && "created" in actionData ? (
        <OneTimePassword created={actionData.created} />
      ) : (
        <Form method="post" className="flex max-w-2xl flex-col gap-6" noValidate>
          <FormError>{errors.form}</FormError>
          <EmailField
            label={t("form.email")}
            autoComplete="off"
            required
            defaultValue={typedValue(result, "email", "")}
            error={errors.field("email")}
          />
          <RolesAndProjects result={result} roles={["viewer"]} projectIds={[]} projects={loaderData.projects} />
          <div className="flex gap-2">
            <SubmitButton pending={pending} pendingLabel={t("form.saving")}>
              {t("create.submit")}
            </SubmitButton>
            <Link to="/users" className={buttonClass("outline")}>
              {t("form.cancel")}
            </Link>
          </div>
        </Form>
      )}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
