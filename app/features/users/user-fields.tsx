import { ROLES } from "~/core/auth-contract";
import { useTranslation } from "~/i18n/use-translation";
import type { FormResult } from "~/lib/forms";
import { CheckboxGroup } from "~/ui/field";
import { useFormErrors } from "~/ui/use-form-fields";

/** Ticked boxes: what came back with an error (none ticked sends nothing), else the stored choice. */
function ticked(result: FormResult | undefined, name: string, stored: readonly string[]) {
  return result?.values ? ([] as string[]).concat(result.values[name] ?? []) : stored;
}

/** The roles and projects of a user, in the create and edit forms. */
export function RolesAndProjects({
  result,
  roles,
  projectIds,
  projects,
}: {
  result: FormResult | undefined;
  roles: readonly string[];
  projectIds: readonly string[];
  projects: Array<{ id: string; name: string }>;
}) {
  const { t } = useTranslation("users");
  const errors = useFormErrors(result);
  return (
    <>
      <CheckboxGroup
        name="roles"
        legend={t("form.roles")}
        hint={t("form.rolesHint")}
        options={ROLES.map((role) => ({ value: role, label: t(`auth:roles.${role}`) }))}
        checked={ticked(result, "roles", roles)}
        error={errors.field("roles")}
      />
      <CheckboxGroup
        name="projectIds"
        legend={t("form.projects")}
        hint={projects.length === 0 ? t("form.noProjects") : t("form.projectsHint")}
        options={projects.map((p) => ({ value: p.id, label: p.name }))}
        checked={ticked(result, "projectIds", projectIds)}
        error={errors.field("projectIds")}
      />
    </>
  );
}
