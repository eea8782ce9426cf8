import { preferencesContext, requireReader, servicesOf } from "~/core/context.server";
import { PREFERENCES_SAVED, savePreferences } from "~/features/settings/preferences.server";
import { profileSchema } from "~/features/settings/schemas";
import { usePreferenceForm } from "~/features/settings/use-preference-form";
import { useTranslation } from "~/i18n/use-translation";
import { readForm } from "~/lib/form-body.server";
import { useFormatter } from "~/lib/format";
import { typedValue } from "~/lib/forms";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { SubmitButton } from "~/ui/button";
import { TextareaField } from "~/ui/field";
import { SettingsSection } from "~/ui/settings-section";
import type { Route } from "./+types/_app.settings._index";

export function loader({ context }: Route.LoaderArgs) {
  const reader = requireReader(context);
  return {
    displayName: reader.displayName,
    username: reader.username,
    email: reader.email,
    memberSince: reader.createdAt,
    bio: context.get(preferencesContext)?.bio ?? "",
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const reader = requireReader(context);
  const submission = parseForm(await readForm(request), profileSchema);
  if (!submission.success) return formFailure(submission.result);
  const failed = await savePreferences(servicesOf(context), reader.id, submission.data);
  return failed
    ? formFailure(failed, 500)
    : redirectWithToast(servicesOf(context).env, url.pathname, PREFERENCES_SAVED);
}

export default function ProfileSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("settings");
  const format = useFormatter();
  const { fetcher, result, key, errors, saving } = usePreferenceForm("profile");
  return (
    <div className="flex flex-col gap-8">
      <title>{`${t("profile.title")} · Kuzatuv`}</title>
      <SettingsSection title={t("profile.title")} description={t("profile.description")}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted-foreground">{t("profile.displayName")}</dt>
            <dd className="font-medium">{loaderData.displayName}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t("profile.username")}</dt>
            <dd className="font-medium">{loaderData.username}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t("profile.email")}</dt>
            <dd className="font-medium break-all">{loaderData.email}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t("profile.memberSince")}</dt>
            <dd className="font-medium">{format.date(loaderData.memberSince)}</dd>
          </div>
        </dl>
        <p className="text-sm text-muted-foreground">{t("profile.nameFromEmail")}</p>
        <fetcher.Form method="post" preventScrollReset key={key} className="flex flex-col gap-4">
          <TextareaField
            name="bio"
            label={t("profile.bio")}
            hint={t("profile.bioHint")}
            defaultValue={typedValue(result, "bio", loaderData.bio)}
            maxLength={500}
            error={errors.field("bio")}
          />
          <SubmitButton pending={saving} pendingLabel={t("saving")}>
            {t("save")}
          </SubmitButton>
        </fetcher.Form>
      </SettingsSection>
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
