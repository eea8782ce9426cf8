import type { RouterContextProvider } from "react-router";
import { preferencesContext } from "../../core/context.server.ts";
import { dayOf as localDay } from "../../core/period";
import { requireUser } from "../auth/guard.server";
import { readerLanguage } from "../settings/preferences.server";
import type { Asker } from "./tools.server";

/** Who asks, from a signed-in request: the user, their interface language, time zone and today there. */
export function askerFrom(context: Readonly<RouterContextProvider>, now = new Date()): Asker {
  const user = requireUser(context);
  const timeZone = context.get(preferencesContext)?.timezone ?? "UTC";
  return { user, language: readerLanguage(context), timeZone, today: localDay(now, timeZone) };
}
