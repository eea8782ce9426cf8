import { preferencesContext, requireReader, servicesOf } from "~/core/context.server";
import { AppearancePage, FONT_SECTION } from "~/features/settings/appearance-page";
import { PREFERENCES_SAVED, savePreferences } from "~/features/settings/preferences.server";
import { appearanceSchema } from "~/features/settings/schemas";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { Route } from "./+types/_app.settings.appearance";

export function loader({ context }: Route.LoaderArgs) {
  requireReader(context);
  return { font: context.get(preferencesContext)?.font ?? "system" };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const reader = requireReader(context);
  const form = await readForm(request);
  const submission = parseForm(form, appearanceSchema);
  if (!submission.success) return formFailure(submission.result);
  const failed = await savePreferences(servicesOf(context), reader.id, submission.data);
  if (failed) return formFailure(failed, 500);
  // Without JavaScript (BackToSection) the page comes back at the font section.
  return redirectWithToast(
    servicesOf(context).env,
    url.pathname + (form.has("backToSection") ? `#${FONT_SECTION}` : ""),
    PREFERENCES_SAVED,
  );
}

export default function AppearanceSettings({ loaderData }: Route.ComponentProps) {
  return <AppearancePage font={loaderData.font} />;
}

export const ErrorBoundary = PageErrorBoundary;
