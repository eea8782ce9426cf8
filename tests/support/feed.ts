import { loader as feedLoader } from "~/routes/_app.messages";
import { ORIGIN } from "./route";
import type { SignedInContext } from "./session";

/** The messages feed's total for a link's query, as its page shows it to the reader of `context`. */
export async function feedTotalIn(context: SignedInContext, query: string) {
  const request = new Request(`${ORIGIN}/messages?${query}`);
  const page = (await feedLoader({
    request,
    context,
    url: new URL(request.url),
    params: {},
    pattern: "",
  } as never)) as {
    total: { count: number; estimated: boolean };
  };
  return page.total;
}
