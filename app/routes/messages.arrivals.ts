import { z } from "zod";
import { requireUser } from "~/features/auth/guard.server";
import { arrivedSince, feedContext } from "~/features/messages/feed.server";
import type { Route } from "./+types/messages.arrivals";

const since = z.iso.datetime({ offset: true });

/** The feed's poll: how many mentions matching its URL's filters arrived since it was loaded. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser(context);
  const from = since.safeParse(url.searchParams.get("since"));
  if (!from.success) return Response.json({ count: 0 }, { status: 400 });
  const { where } = feedContext(context, user, url.searchParams);
  return Response.json({ count: await arrivedSince(where, from.data) });
}
