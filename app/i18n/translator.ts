import type { i18n as I18n } from "i18next";

/** What the pages use of a translation instance: i18next's on the server, a `BrowserTranslator` in the browser. */
export type Translator = Pick<I18n, "language" | "dir" | "getFixedT" | "hasResourceBundle" | "addResourceBundle">;

type Strings = { [key: string]: string | Strings };
type Options = Record<string, unknown> & { count?: unknown; defaultValue?: unknown };

/**
 * The part of i18next the browser needs, in a twentieth of its size (~1 KB instead of ~14 KB on every page):
 * `ns:key` and nested keys, plurals by `Intl.PluralRules` (`_zero` for 0, then `_one`, `_few`, …, then the
 * bare key), `{{name}}` values inserted as they are (escapeValue false, never read again), `defaultValue`,
 * else the key. It answers exactly as our i18next configuration does for every string in locales/
 * (tests/unit/translator.test.ts); the server keeps i18next.
 */
export class BrowserTranslator {
  private readonly bundles = new Map<string, Strings>();
  private readonly plurals = new Map<string, Intl.PluralRules>();

  readonly language: string;
  /** The languages looked in, in order, when a key is missing in `language`. */
  fallback: string[] = [];

  constructor(language: string) {
    this.language = language;
  }

  /** Every interface language is written left to right. */
  dir(): "ltr" {
    return "ltr";
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.bundles.has(`${lng}/${ns}`);
  }

  addResourceBundle(lng: string, ns: string, strings: object): this {
    this.bundles.set(`${lng}/${ns}`, strings as Strings);
    return this;
  }

  getFixedT(lng: string | null, ns: string) {
    return (keys: string | string[], options?: Options) => this.translate(lng ?? this.language, ns, keys, options);
  }

  private translate(lng: string, defaultNs: string, keys: string | string[], options: Options = {}): string {
    let key = "";
    for (const candidate of Array.isArray(keys) ? keys : [keys]) {
      // As i18next: everything before the first colon names the namespace, the rest is the key.
      const [ns, ...rest] = candidate.split(":");
      key = rest.length > 0 ? rest.join(".") : candidate;
      const found = this.resolve(lng, rest.length > 0 ? (ns as string) : defaultNs, key, options.count);
      if (found !== undefined) return interpolate(found, options);
    }
    const fallback = typeof options.defaultValue === "string" ? options.defaultValue : key;
    return interpolate(fallback, options);
  }

  private resolve(lng: string, ns: string, key: string, count: unknown): string | undefined {
    for (const code of [lng, ...this.fallback]) {
      const strings = this.bundles.get(`${code}/${ns}`);
      if (!strings) continue;
      const candidates = [key];
      // As i18next: any count but a string picks a plural form (Intl turns it into a number).
      if (count !== undefined && typeof count !== "string") {
        candidates.unshift(`${key}_${this.pluralRules(code).select(count as number)}`);
        if (count === 0) candidates.unshift(`${key}_zero`);
      }
      for (const candidate of candidates) {
        const value = lookup(strings, candidate);
        if (typeof value === "string") return value;
      }
    }
    return undefined;
  }

  private pluralRules(lng: string): Intl.PluralRules {
    let rules = this.plurals.get(lng);
    if (!rules) {
      rules = new Intl.PluralRules(lng);
      this.plurals.set(lng, rules);
    }
    return rules;
  }
}

/** A nested key (`a.b.c`), else a flat one that contains dots. */
function lookup(strings: Strings, key: string): string | Strings | undefined {
  let current: string | Strings | undefined = strings;
  for (const part of key.split(".")) {
    current = typeof current === "object" && Object.hasOwn(current, part) ? current[part] : undefined;
  }
  return current ?? (Object.hasOwn(strings, key) ? strings[key] : undefined);
}

/** `{{name}}` → the value (null as nothing); a name not given at all stays as written. */
function interpolate(text: string, values: Options): string {
  return text.replace(/\{\{(.+?)\}\}/g, (written, name: string) => {
    const trimmed = name.trim();
    if (!Object.hasOwn(values, trimmed)) return written;
    const value = values[trimmed];
    return value == null ? "" : String(value);
  });
}
