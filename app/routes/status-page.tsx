import { data } from "react-router";
import { ERROR_STATUSES, ErrorPage, type ErrorStatus } from "~/shell/error-page";
import type { Route } from "./+types/status-page";

/** /401, /403, /404, /500 and /503: the error page, served with its own status code. */
export function loader({ url }: Route.LoaderArgs) {
  const status = Number(url.pathname.slice(1)) as ErrorStatus;
  if (!ERROR_STATUSES.includes(status)) throw data(null, { status: 404 });
  return data({ status }, { status });
}

export default function StatusPage({ loaderData }: Route.ComponentProps) {
  return <ErrorPage status={loaderData.status} />;
}
