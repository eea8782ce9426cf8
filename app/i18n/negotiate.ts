import { LANGUAGES, type Language } from "./config.ts";

/**
 * Picks the best supported language from an Accept-Language header, honouring q-values in order:
 * an exact tag first, then by language with Uzbek's script (uz-Cyrl-UZ → uz-Cyrl, uz-UZ → uz).
 */
export function negotiateLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const tags = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);

  for (const { tag } of tags) {
    const exact = LANGUAGES.find((lng) => lng.toLowerCase() === tag);
    if (exact) return exact;
    const [base, ...rest] = tag.split("-");
    if (base === "uz") return rest.includes("cyrl") ? "uz-Cyrl" : "uz";
    const byBase = LANGUAGES.find((lng) => lng === base);
    if (byBase) return byBase;
  }
  return null;
}
