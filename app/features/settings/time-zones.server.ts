import { dayOf } from "~/core/period";
import ZONE_CITIES from "./zone-cities.json";

export interface TimeZoneChoice {
  id: string;
  label: string;
}
export interface TimeZoneGroup {
  region: string;
  zones: TimeZoneChoice[];
}

const TIME_ZONES = new Set(["UTC", ...Intl.supportedValuesOf("timeZone")]);
export function isTimeZone(value: unknown): value is string {
  return typeof value === "string" && TIME_ZONES.has(value);
}

/** "+05:00" for a zone at `at` (with its summer time, if any); "+00:00" for GMT itself. */
function offsetOf(zone: string, at: Date): string {
  const name = new Intl.DateTimeFormat("en", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  return name && name !== "GMT" ? name.slice(3) : "+00:00";
}

/**
 * The zone's city in the reader's language (CLDR's exemplar cities, written by `npm run zone-cities`, ADR 049);
 * a zone newer than that list gets the last part of its id.
 */
function cityOf(zone: string, language: string): string {
  const cities: Record<string, string> = ZONE_CITIES[language as keyof typeof ZONE_CITIES] ?? ZONE_CITIES.en;
  return cities[zone] ?? (zone.split("/").at(-1) as string).replaceAll("_", " ");
}

/** "Тошкент (UTC+05:00)": the city first, so a native select's type-ahead finds it, then the offset. */
export function timeZoneLabel(zone: string, language: string, at = new Date()): string {
  const offset = `UTC${offsetOf(zone, at)}`;
  return zone === "UTC" ? offset : `${cityOf(zone, language)} (${offset})`;
}

// Building 400+ labels takes a few milliseconds: once per language and day (offsets move with summer time).
const cache = new Map<string, TimeZoneGroup[]>();

/** Every zone, grouped by region ("Asia", "Europe"… and "UTC" first), sorted by city. */
export function timeZoneGroups(language: string, at = new Date()): TimeZoneGroup[] {
  const cacheKey = `${language}:${dayOf(at, "UTC")}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const groups = new Map<string, TimeZoneChoice[]>([["UTC", []]]);
  for (const zone of TIME_ZONES) {
    const region = zone.includes("/") ? (zone.split("/")[0] as string) : "UTC";
    const zones = groups.get(region) ?? [];
    zones.push({ id: zone, label: timeZoneLabel(zone, language, at) });
    groups.set(region, zones);
  }
  const result = [...groups].map(([region, zones]) => ({
    region,
    zones: zones.sort((a, b) => a.label.localeCompare(b.label, language)),
  }));
  if (cache.size > 16) cache.clear();
  cache.set(cacheKey, result);
  return result;
}

/** The browser's zone (the `tz` cookie set in root.tsx) from a Cookie header, or null when unknown or malformed. */
export function browserTimeZone(cookie: string | null): string | null {
  const raw = cookie?.match(/(?:^|;\s*)tz=([^;]+)/)?.[1];
  if (!raw) return null;
  try {
    const zone = decodeURIComponent(raw);
    return isTimeZone(zone) ? zone : null;
  } catch {
    return null; // not percent-encoding at all, e.g. `tz=%`
  }
}

/** The same cookie as the script in root.tsx writes. */
export function timeZoneCookie(zone: string): string {
  return `tz=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The cookie of a browser zone the reader declined to switch to: the notice stays away until the browser moves. */
const KEPT_ZONE_COOKIE = "tz-kept";

export function keptZoneCookie(browserZone: string): string {
  return `${KEPT_ZONE_COOKIE}=${encodeURIComponent(browserZone)}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`;
}

export interface ZoneNotice {
  /** The browser's zone, offered. */
  browser: TimeZoneChoice;
  /** The saved one the screens use. */
  saved: TimeZoneChoice;
}

/**
 * The shell's quiet notice: the browser (the `tz` cookie) is in another zone than the one saved, and the reader
 * has not already kept the saved one for that browser zone. Null otherwise.
 */
export function zoneNotice(cookie: string | null, savedZone: string, language: string): ZoneNotice | null {
  const browser = browserTimeZone(cookie);
  if (!browser || browser === savedZone) return null;
  const kept = cookie?.match(new RegExp(`(?:^|;\\s*)${KEPT_ZONE_COOKIE}=([^;]+)`))?.[1];
  if (kept && safeDecode(kept) === browser) return null;
  return {
    browser: { id: browser, label: timeZoneLabel(browser, language) },
    saved: { id: savedZone, label: timeZoneLabel(savedZone, language) },
  };
}

function safeDecode(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
