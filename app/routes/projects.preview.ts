import { data } from "react-router";
import { requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { requireUserMiddleware } from "~/features/auth/guard.server";
import type { PreviewAnswer } from "~/features/projects/preview";
import { previewRules } from "~/features/projects/preview.server";
import { rulesSchema } from "~/features/projects/schemas";
import { parseForm } from "~/lib/forms.server";
import type { Route } from "./+types/projects.preview";

// As under the signed-in layout: a user who must first change their password gets nothing else.
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

/**
 * The project form's live preview (issue 30): what the rules in the URL would match in the last 30 days.
 * A GET, so the form's fetcher cancels a stale one by asking again and no page data is revalidated.
 */
export async function loader({ context, url, request }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "projects.manage");
  const rules = parseForm(url.searchParams, rulesSchema);
  if (!rules.success) {
    return data({ preview: null, fieldErrors: rules.result.fieldErrors } satisfies PreviewAnswer, { status: 400 });
  }
  const preview = await previewRules(servicesOf(context), reader, rules.data, { signal: request.signal });
  return { preview, fieldErrors: null } satisfies PreviewAnswer;
}
