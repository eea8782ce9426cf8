import fs from "node:fs";
import path from "node:path";
import { createInstance, type i18n as I18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES } from "~/i18n/config";
import { serverOptions } from "~/i18n/i18n.server";
import { BrowserTranslator } from "~/i18n/translator";

type Strings = { [key: string]: string | Strings };
const locales = path.resolve(import.meta.dirname, "../../locales");
const read = (lng: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(locales, lng, `${ns}.json`), "utf8")) as Strings;

/** Every key of a namespace, plural forms folded into their base key, with the strings written under it. */
function keysOf(strings: Strings, prefix = ""): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const [name, value] of Object.entries(strings)) {
    const key = `${prefix}${name}`;
    if (typeof value === "object") {
      for (const [inner, texts] of keysOf(value, `${key}.`)) keys.set(inner, texts);
      continue;
    }
    const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
    keys.set(base, [...(keys.get(base) ?? []), value]);
  }
  return keys;
}

const COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 1.5, -1];

/** The calls a page makes: no values, every value named in the strings, each count, values missing or empty. */
function callsFor(texts: string[]): Array<Record<string, unknown> | undefined> {
  const names = [...new Set(texts.flatMap((text) => [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1] as string)))];
  const values = Object.fromEntries(names.map((name, i) => [name, `v${i} {{count}} $t(common:close) <b>`]));
  const calls: Array<Record<string, unknown> | undefined> = [undefined, {}, values];
  for (const count of COUNTS) calls.push({ ...values, count });
  for (const name of names) {
    const { [name]: _left, ...others } = values;
    calls.push(others, { ...others, [name]: undefined }, { ...others, [name]: null }, { ...others, [name]: 7 });
  }
  return calls;
}

describe("the browser's translator answers as the server's i18next", () => {
  const servers = new Map<string, I18n>();
  beforeAll(async () => {
    const resources = Object.fromEntries(
      LANGUAGES.map((lng) => [lng, Object.fromEntries(NAMESPACES.map((ns) => [ns, read(lng, ns)]))]),
    );
    for (const lng of LANGUAGES) {
      const instance = createInstance(serverOptions(resources, lng));
      await instance.init();
      servers.set(lng, instance);
    }
  });

  const browser = (lng: string) => {
    const translator = new BrowserTranslator(lng);
    for (const ns of NAMESPACES) translator.addResourceBundle(lng, ns, read(lng, ns));
    return translator;
  };

  it.each(LANGUAGES)("for every key in %s, with and without values and counts", (lng) => {
    const server = servers.get(lng) as I18n;
    const translator = browser(lng);
    expect(translator.dir()).toBe(server.dir(lng));
    let compared = 0;
    for (const ns of NAMESPACES) {
      const serverT = server.getFixedT(lng, ns) as unknown as (key: unknown, options?: unknown) => string;
      const browserT = translator.getFixedT(null, ns);
      const commonT = translator.getFixedT(null, "common");
      const serverCommonT = server.getFixedT(lng, "common") as unknown as (key: unknown, options?: unknown) => string;
      for (const [key, texts] of keysOf(read(lng, ns))) {
        for (const options of callsFor(texts)) {
          expect(browserT(key, options), `${lng} ${ns}:${key} ${JSON.stringify(options)}`).toBe(serverT(key, options));
          // The same key reached from another namespace, as `ns:key`.
          expect(commonT(`${ns}:${key}`, options)).toBe(serverCommonT(`${ns}:${key}`, options));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("answers a missing key with its default value, else the key, and tries a list of keys in order", () => {
    const server = servers.get("ru") as I18n;
    const serverT = server.getFixedT("ru", "common") as unknown as (key: unknown, options?: unknown) => string;
    const browserT = browser("ru").getFixedT(null, "common");
    const calls: Array<[string | string[], Record<string, unknown>?]> = [
      ["no.such.key"],
      ["tasks:no.such.key"],
      ["no.such.key", { defaultValue: "web_search" }],
      ["no.such.key", { defaultValue: "{{count}} left", count: 3 }],
      ["no.such.key", { defaultValue: "" }],
      [["no.such.key", "close"]],
      [["no.such.key", "tasks:also.missing"]],
    ];
    for (const [key, options] of calls) expect(browserT(key, options), JSON.stringify(key)).toBe(serverT(key, options));
  });

  it("answers forms no locale uses yet as i18next does: `_zero`, flat keys with dots", async () => {
    const strings = {
      items_zero: "nothing",
      items_one: "{{count}} item",
      items_other: "{{count}} items",
      "flat.key": "flat",
      nested: { key: "nested" },
      "nested.key": "shadowed",
    };
    const server = createInstance({ resources: { ru: { x: strings } }, lng: "ru", defaultNS: "x" });
    await server.init({ interpolation: { escapeValue: false } });
    const serverT = server.getFixedT("ru", "x") as unknown as (key: unknown, options?: unknown) => string;
    const browserT = new BrowserTranslator("ru").addResourceBundle("ru", "x", strings).getFixedT(null, "x");
    for (const count of [0, 1, 2, 5]) expect(browserT("items", { count })).toBe(serverT("items", { count }));
    for (const key of ["flat.key", "nested.key"]) expect(browserT(key)).toBe(serverT(key));
  });

  it("falls back to another language's strings when told to", () => {
    const translator = new BrowserTranslator("uz");
    translator.addResourceBundle("en", "common", read("en", "common"));
    const t = translator.getFixedT(null, "common");
    expect(t("close")).toBe("close");
    translator.fallback = ["en"];
    expect(t("close")).toBe(servers.get("en")?.t("close"));
  });
});
