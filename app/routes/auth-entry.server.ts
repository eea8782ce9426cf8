// The action of the sign-in and sign-up routes, which parse and answer alike: the form through its schema,
// the auth service through the auth feature, then the session cookie and the way on.

import { createCookie, type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import { servicesOf } from "~/core/context.server";
import { enter } from "~/features/auth/forms.server";
import { HONEYPOT_FIELD } from "~/features/auth/schemas";
import { isTimeZone, timeZoneCookie } from "~/features/settings/time-zones.server";
import { signedCookie } from "~/lib/cookies.server";
import type { Env } from "~/lib/env.server";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { requestInfoContext } from "~/lib/request-info";
import { safeRedirect } from "~/lib/safe-redirect";

/**
 * The auth service's device token from this browser's last sign-in (ADR 041). Path `/`: a sign-in posted by
 * script goes to `/sign-in.data`.
 */
const deviceCookie = (env: Env) => createCookie("__device", signedCookie(env, 60 * 60 * 24 * 365));

export function entryAction(endpoint: "/login" | "/signup", schema: z.ZodType<Record<string, string>>) {
  return async ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) => {
    const form = await readForm(request);
    const services = servicesOf(context);
    const cookie = deviceCookie(services.env);
    const device = (await cookie.parse(request.headers.get("Cookie"))) as unknown;
    const entry = await enter(services, endpoint, {
      submission: parseForm(form, schema),
      honeypot: form.get(HONEYPOT_FIELD),
      clientIp: context.get(requestInfoContext).clientIp,
      device: typeof device === "string" ? device : undefined,
    });
    if (!entry.ok) return formFailure(entry.result, entry.status);
    const headers = new Headers({ "Set-Cookie": entry.sessionCookie });
    if (entry.device) headers.append("Set-Cookie", await cookie.serialize(entry.device));
    // The browser's zone from the form (see AuthForm): a new account's preferences start from the `tz` cookie.
    const zone = form.get("timezone");
    if (isTimeZone(zone)) headers.append("Set-Cookie", timeZoneCookie(zone));
    return redirect(safeRedirect(form.get("redirect")), { headers });
  };
}
