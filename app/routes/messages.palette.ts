import { requireReader, servicesOf } from "~/core/context.server";
import { headingOf } from "~/core/text";
import { feedOf, feedPage } from "~/features/mentions/feed.server";
import type { PaletteMentionsAnswer } from "~/shell/palette-search";
import type { Route } from "./+types/messages.palette";

const TOP = 5;

/** The command palette's mentions: the newest five matching its words, in the reader's scope. */
export async function loader({ context, url }: Route.LoaderArgs): Promise<PaletteMentionsAnswer> {
  const reader = requireReader(context);
  const { query, where } = feedOf(reader, url.searchParams);
  if (!query.state.q) return { mentions: [] };
  const page = await feedPage(servicesOf(context), reader, where, { ...query.state, pageSize: TOP }, null);
  return {
    mentions: page.items.map((m) => ({ id: m.id, heading: headingOf(m).heading.slice(0, 120), source: m.source })),
  };
}
