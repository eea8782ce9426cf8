// The webhook collector (ADR 022). Token-authenticated, so it takes no same-origin check: senders are
// other programs, and the Bearer secret, which a browser never attaches by itself, is what keeps forgers out.
import { servicesOf } from "~/core/context.server";
import { bearerToken, receiveDelivery } from "~/features/sources/webhook.server";
import type { Route } from "./+types/api.ingest.$sourceId";

async function answer({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const length = request.headers.get("Content-Length");
  const { status, body, headers } = await receiveDelivery(servicesOf(context), params.sourceId, {
    method: request.method,
    secret: bearerToken(request.headers.get("Authorization")),
    contentType: request.headers.get("Content-Type")?.split(";")[0]?.trim() ?? "",
    contentLength: length === null ? null : Number(length),
    body: () => request.arrayBuffer(),
  });
  return Response.json(body, { status, headers });
}

export const loader = answer;
export const action = answer;
