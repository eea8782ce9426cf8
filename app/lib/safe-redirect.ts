const BASE = "http://kuzatuv.invalid";

/**
 * Returns `to` as a same-origin path (path, query and hash), or `fallback` when `to` could leave
 * the site: absolute URLs, protocol-relative `//host`, backslash and control-character tricks.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || /[\\\p{Cc}]/u.test(to)) return fallback;
  try {
    const url = new URL(to, BASE);
    if (url.origin !== BASE) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
