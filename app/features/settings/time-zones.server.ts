import { dayOf } from "../../core/period";

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

/** "Salta, Argentina" from "America/Argentina/Salta". */
function cityOf(zone: string): string {
  const parts = zone.split("/");
  return (parts.length > 1 ? parts.slice(1).reverse() : parts).join(", ").replaceAll("_", " ");
}

/**
 * "Tashkent (UTC+05:00) · Узбекистан, стандартное время": the city first, so a native select's
 * type-ahead finds it, then the offset and the zone's name in the page's language (Intl has no
 * localised city names).
 */
export function timeZoneLabel(zone: string, language: string, at = new Date()): string {
  const offset = `UTC${offsetOf(zone, at)}`;
  if (zone === "UTC") return offset;
  const generic = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: "longGeneric" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  const named = generic && !generic.startsWith("GMT") ? ` · ${generic}` : "";
  return `${cityOf(zone)} (${offset})${named}`;
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
    zones: zones.sort((a, b) => a.label.localeCompare(b.label)),
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
