// What a request knows once the root middleware has run, and the one way a loader or action reads it:
// `requireReader(context)` for the person and `servicesOf(context)` for the database, the configuration and
// the job queue that the start-up module created once (ADR 042). Features never see the router context.
import type { Logger } from "pino";
import { createContext, data, type RouterContextProvider, redirect } from "react-router";
import type { Database } from "~/db/client.server";
import type { KeptReads } from "~/db/kept-reads.server";
import type { userPreferences } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import type { JobQueue } from "~/lib/jobs.server";
import { can, type Permission } from "./permissions.ts";
import type { CurrentUser, Reader } from "./reader.ts";
import { canSeeProject } from "./scope.server.ts";

export interface SessionState {
  user: CurrentUser | null;
  token: string | null;
  /** The session's token was refused at the last check (expired, revoked, user deactivated). */
  expired: boolean;
}

export const sessionContext = createContext<SessionState>({ user: null, token: null, expired: false });

export type Preferences = typeof userPreferences.$inferSelect;

/** The signed-in user's preferences (set by the preferences middleware); null when signed out. */
export const preferencesContext = createContext<Preferences | null>(null);

/** What every loader, action and job works with, created once at start (server/start.ts). */
export interface Services {
  db: Database;
  /** The reads every signed-in page repeats, kept until a write to what they read (ADR 048). */
  kept: KeptReads;
  env: Env;
  jobs: JobQueue;
  log: Logger;
}

export const servicesContext = createContext<Services>();

export function servicesOf(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}

/** The signed-in reader of a loader or action under the signed-in layout: who, in which zone and language. */
export function requireReader(context: Readonly<RouterContextProvider>): Reader {
  const { user } = context.get(sessionContext);
  if (!user) throw redirect("/sign-in");
  const preferences = context.get(preferencesContext);
  const saved = preferences?.activeProjectId ?? null;
  return {
    ...user,
    timeZone: preferences?.timezone ?? "UTC",
    language: preferences?.language ?? "en",
    activeProjectId: saved && canSeeProject(user, saved) ? saved : null,
  };
}

/** A 403 unless the permission table lets the reader do `permission`. */
export function requirePermission(reader: Reader, permission: Permission): void {
  if (!can(reader, permission)) throw data(null, { status: 403, statusText: "Forbidden" });
}

/**
 * What a feature found, or a 404: a feature answers null for anything missing or outside the reader's
 * projects, so guessing an id reveals nothing.
 */
export function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw data(null, { status: 404, statusText: "Not Found" });
  return value;
}
