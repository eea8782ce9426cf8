import { requireUser } from "~/features/auth/guard.server";
import { headingOf } from "~/features/mentions/mention-list";
import { feedContext, feedPage, visibleProjects } from "~/features/messages/feed.server";
import { readerLanguage } from "~/features/settings/preferences.server";
import type { Route } from "./+types/messages.palette";

const TOP = 5;

/** The command palette's mentions: the newest five matching its words, in the user's scope. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { query, where } = feedContext(context, user, url.searchParams);
  if (!query.state.q) return { mentions: [] };
  const page = await feedPage(
    where,
    { ...query.state, pageSize: TOP },
    null,
    visibleProjects(user),
    readerLanguage(context),
  );
  return {
    mentions: page.items.map((m) => ({ id: m.id, heading: headingOf(m).heading.slice(0, 120), source: m.source })),
  };
}
