// The webhook collector (ADR 022). Token-authenticated, so it takes no same-origin check: senders are
// other programs, and the Bearer secret, which a browser never attaches by itself, is what keeps forgers out.
import { receiveDelivery } from "~/features/sources/webhook.server";
import type { Route } from "./+types/api.ingest.$sourceId";

export function loader({ request, params }: Route.LoaderArgs) {
  return receiveDelivery(params.sourceId, request);
}

export function action({ request, params }: Route.ActionArgs) {
  return receiveDelivery(params.sourceId, request);
}
