import { data } from "react-router";
import { PageErrorBoundary } from "~/shell/error-page";

/**
 * Any URL no other route matches. Signed in, the 404 shows inside the layout, so nobody is stranded;
 * signed out, the layout's guard answers with the minimal public 404 instead of asking to sign in.
 */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = PageErrorBoundary;
