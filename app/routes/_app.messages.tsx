import { requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { BULK_INTENTS, messagesFeed } from "~/features/mentions/feed";
import { feedOf, loadFeed } from "~/features/mentions/feed.server";
import { FeedPage } from "~/features/mentions/feed-page";
import { changeSchema, refusedChange } from "~/features/mentions/schemas";
import { byIds, changeMentions } from "~/features/mentions/triage.server";
import { readForm } from "~/lib/form-body.server";
import { parseForm } from "~/lib/forms.server";
import { keepListBesidePanel } from "~/lib/side-panel";
import { redirectBackWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { parseBulkAction } from "~/ui/data-table/parse";
import type { Route } from "./+types/_app.messages";

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadFeed(servicesOf(context), requireReader(context), url.searchParams);
}

/**
 * Bulk changes: the ticked mentions, or (scope=all) every mention matching the feed's URL, found with the
 * feed's own conditions (not limited to the page). Back to the same feed with a toast either way.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "messages.triage");
  const form = await readForm(request);
  const back = `${url.pathname}${url.search}`;
  const bulk = parseBulkAction(messagesFeed, form, BULK_INTENTS);
  if (!bulk.ok) return redirectBackWithToast(servicesOf(context).env, back, { type: "error", key: bulk.error });
  const change = parseForm(form, changeSchema);
  if (!change.success)
    return redirectBackWithToast(servicesOf(context).env, back, { type: "error", key: refusedChange(bulk.intent) });
  const where = bulk.allMatching ? feedOf(reader, url.searchParams).where : byIds(bulk.ids);
  const count = await changeMentions(servicesOf(context), reader, change.data, where);
  return redirectBackWithToast(servicesOf(context).env, back, {
    type: "success",
    key: "messages:bulk.done",
    values: { count },
  });
}

export const shouldRevalidate = keepListBesidePanel;

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  return <FeedPage data={loaderData} />;
}

export const ErrorBoundary = PageErrorBoundary;
