import { useFetcher } from "react-router";
import type { Role } from "~/core/auth-contract";
import { useTranslation } from "~/i18n/use-translation";
import { type FormResult, typedValue } from "~/lib/forms";
import { SubmitButton } from "~/ui/button";
import { EmailField, FormError } from "~/ui/field";
import { UserMinus, UserPlus } from "~/ui/icons";
import { ItemText } from "~/ui/item-text";
import { useFormErrors } from "~/ui/use-form-fields";

type Member = { id: string; email: string; roles: Role[] };

function RemoveMember({ action, member }: { action: string; member: Member }) {
  const { t } = useTranslation("users");
  const fetcher = useFetcher<FormResult>({ key: `remove-member-${member.id}` });
  const errors = useFormErrors(fetcher.data);
  return (
    <fetcher.Form method="post" action={action} className="flex flex-col items-end">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="userId" value={member.id} />
      <SubmitButton
        variant="ghost"
        size="sm"
        pending={fetcher.state !== "idle"}
        pendingLabel={t("members.removing")}
        aria-label={t("members.remove", { email: member.email })}
      >
        <UserMinus aria-hidden="true" />
      </SubmitButton>
      {errors.form && <span className="text-xs text-danger">{errors.form}</span>}
    </fetcher.Form>
  );
}

/**
 * The project's members (accounts whose projectIds list it, ADR 025), and for admins and the
 * project's managers a way to add one by e-mail or take one off. The forms post to
 * /projects/:projectId/members; with JavaScript they are fetchers and an error shows here, without it
 * that route's page shows it with the e-mail kept.
 */
export function ProjectMembers({
  projectId,
  members,
  canManage,
  result,
}: {
  projectId: string;
  members: Member[];
  canManage: boolean;
  /** The members page's action answer (without JavaScript). */
  result?: FormResult;
}) {
  const { t } = useTranslation("users");
  const action = `/projects/${projectId}/members`;
  const add = useFetcher<FormResult>({ key: `add-member-${projectId}` });
  const answer = add.data ?? result;
  const errors = useFormErrors(answer);
  return (
    <div className="flex flex-col gap-4">
      {members.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("projects:detail.noMembers")}</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {members.map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-2">
              <ItemText name={m.email} detail={m.roles.map((r) => t(`auth:roles.${r}`)).join(", ")} />
              {canManage && <RemoveMember action={action} member={m} />}
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <add.Form method="post" action={action} className="flex flex-col gap-2 border-t border-border pt-3" noValidate>
          <FormError>{errors.form}</FormError>
          <input type="hidden" name="intent" value="add" />
          <EmailField
            // A new member remounts the field empty; after a refusal it keeps what was typed.
            key={members.map((m) => m.id).join()}
            label={t("members.add")}
            autoComplete="off"
            defaultValue={typedValue(result, "email", "")}
            error={errors.field("email")}
          />
          <SubmitButton
            variant="outline"
            size="sm"
            pending={add.state !== "idle"}
            pendingLabel={t("form.saving")}
            className="self-start"
          >
            <UserPlus aria-hidden="true" />
            {t("members.addSubmit")}
          </SubmitButton>
        </add.Form>
      )}
    </div>
  );
}
