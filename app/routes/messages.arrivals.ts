import { z } from "zod";
import { requireReader, servicesOf } from "~/core/context.server";
import { arrivedSince, feedOf } from "~/features/mentions/feed.server";
import type { Route } from "./+types/messages.arrivals";

const since = z.iso.datetime({ offset: true });

/** The feed's poll: how many mentions matching its URL's filters arrived since it was loaded. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  const from = since.safeParse(url.searchParams.get("since"));
  if (!from.success) return Response.json({ count: 0 }, { status: 400 });
  const { where } = feedOf(reader, url.searchParams);
  return Response.json({ count: await arrivedSince(servicesOf(context), where, from.data) });
}
