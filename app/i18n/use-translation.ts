import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { getI18n, I18nContext } from "react-i18next";
import type { Translator } from "./translator.ts";

interface Translation<N extends string> {
  t: TFunction<N>;
  /** Only what the browser's translator offers too (./translator.ts). */
  i18n: Translator;
}

const translations = new WeakMap<I18n, Map<string, Translation<string>>>();

/**
 * react-i18next's `useTranslation` without its cost per call: it copies the i18next instance into a
 * wrapper and builds a fixed `t` for every component on every render, a tenth of the overview's server
 * time under load. A page's language never changes while it is open (switching reloads the document),
 * so one `t` per instance and namespace serves every render. With several namespaces the first is the
 * default and the others are reached as `ns:key`, as in react-i18next.
 */
export function useTranslation<const N extends string = "common">(ns?: N | readonly [N, ...string[]]): Translation<N> {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const namespace = (typeof ns === "string" ? ns : ns?.[0]) ?? "common";
  let byNamespace = translations.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    translations.set(i18n, byNamespace);
  }
  let translation = byNamespace.get(namespace);
  if (!translation) {
    translation = { t: remembering(i18n.getFixedT(null, namespace)), i18n };
    byNamespace.set(namespace, translation);
  }
  return translation as Translation<N>;
}

const MAX_REMEMBERED = 2_000;

/**
 * `t` that remembers its answers to a key alone or a key with plain values (a count, a name): i18next
 * resolves, interpolates and picks plurals anew on every call, the largest part of a page's translating.
 * Anything else (several keys, `returnObjects`, nested options) goes to i18next each time.
 */
function remembering(t: TFunction<string>): TFunction<string> {
  const answers = new Map<string, string>();
  const translate = t as unknown as (...args: unknown[]) => unknown;
  const remembered = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    const id = typeof key === "string" && rest.length === 0 ? answerId(key, options) : null;
    if (id === null) return translate(key, options, ...rest);
    let answer = answers.get(id);
    if (answer === undefined) {
      answer = translate(key, options) as string;
      if (answers.size >= MAX_REMEMBERED) answers.clear();
      answers.set(id, answer);
    }
    return answer;
  };
  return remembered as unknown as TFunction<string>;
}

function answerId(key: string, options: unknown): string | null {
  if (options === undefined) return key;
  if (!options || typeof options !== "object" || Array.isArray(options)) return null;
  for (const [name, value] of Object.entries(options)) {
    if (name === "returnObjects" || (value !== null && typeof value === "object") || typeof value === "function") {
      return null;
    }
  }
  return `${key}\u0000${JSON.stringify(options)}`;
}
