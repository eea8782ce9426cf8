// `npm run zone-cities`: writes app/features/settings/zone-cities.json, each time zone's city in each interface
// language, from CLDR's exemplar cities (cldr-dates-full, ADR 049); a unit test checks the file is current.
// CLDR has no Uzbek Cyrillic cities (uz-Cyrl inherits root's English ones), so they are CLDR's Uzbek Latin
// names written in Cyrillic (a few spelled by hand where the letters alone do not give the spelling), and where
// the Uzbek name is the city's own foreign spelling, the Russian one (Uzbek Cyrillic writes those as Russian does).
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
export const ZONE_CITIES_FILE = path.join(root, "app/features/settings/zone-cities.json");
const LANGUAGES = ["en", "ru", "uz", "uz-Cyrl"] as const;

type ZoneTree = { [key: string]: ZoneTree | string };

function cldrZones(language: string): ZoneTree {
  const file = path.join(root, "node_modules/cldr-dates-full/main", language, "timeZoneNames.json");
  return JSON.parse(fs.readFileSync(file, "utf8")).main[language].dates.timeZoneNames.zone;
}

/** CLDR's exemplar city of `zone` in a language, if it has its own; root's is the id's last part. */
function exemplar(zones: ZoneTree, zone: string): string | undefined {
  let node: ZoneTree | string | undefined = zones;
  for (const part of zone.split("/")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "object" && typeof node.exemplarCity === "string" ? node.exemplarCity : undefined;
}

const rootCity = (zone: string) => (zone.split("/").at(-1) as string).replaceAll("_", " ");

// Uzbek Latin → Cyrillic (the 1995 alphabet's correspondence, read back).
const PAIRS: Array<[string, string]> = [
  ["oʻ", "ў"],
  ["gʻ", "ғ"],
  ["sh", "ш"],
  ["ch", "ч"],
  ["yo", "ё"],
  ["yu", "ю"],
  ["ya", "я"],
  ["ye", "е"],
  ["ts", "ц"],
];
const LETTERS: Record<string, string> = {
  a: "а",
  b: "б",
  c: "ц",
  d: "д",
  e: "е",
  f: "ф",
  g: "г",
  h: "ҳ",
  i: "и",
  j: "ж",
  k: "к",
  l: "л",
  m: "м",
  n: "н",
  o: "о",
  p: "п",
  q: "қ",
  r: "р",
  s: "с",
  t: "т",
  u: "у",
  v: "в",
  w: "в",
  x: "х",
  y: "й",
  z: "з",
  ʼ: "ъ",
};
const VOWELS = /[aeiouаеёиоуўэюя]/i;
// Names whose Cyrillic spelling the Latin letters do not give (ь, й before o, э inside a word).
const SPELLED: Record<string, string> = {
  "Nyu-York": "Нью-Йорк",
  "Nyu-Salem, Shimoliy Dakota": "Нью-Салем, Шимолий Дакота",
  Yoxannesburg: "Йоханнесбург",
  "N’Djamena": "Нжамена",
  "Dyumon-d’Yurvil": "Дюмон-д’Юрвил",
  Maseyo: "Масейо",
};

export function uzbekCyrillic(latin: string): string {
  if (SPELLED[latin]) return SPELLED[latin];
  // One apostrophe for oʻ/gʻ (ʻ) and one for the tutuq belgisi (ʼ), whichever the text used; no other diacritics.
  const text = latin
    .replace(/([OoGg])['‘’`ʻ]/g, "$1ʻ")
    .replace(/['’`]/g, "ʼ")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
  let out = "";
  for (let i = 0; i < text.length; ) {
    const rest = text.slice(i).toLowerCase();
    const pair = PAIRS.find(([l]) => rest.startsWith(l));
    const [from, to] = pair ?? [rest[0] as string, LETTERS[rest[0] as string] ?? (text[i] as string)];
    // e is э at the start of a word and after a vowel.
    const letter =
      from === "e" && (i === 0 || !/\p{L}/u.test(text[i - 1] as string) || VOWELS.test(text[i - 1] as string))
        ? "э"
        : to;
    const upper = text[i] !== (text[i] as string).toLowerCase();
    out += upper ? letter.toUpperCase() : letter;
    i += from.length;
  }
  return out;
}

/** Every zone Intl knows, with its city in each language. */
export function zoneCities(): Record<(typeof LANGUAGES)[number], Record<string, string>> {
  const zones = Intl.supportedValuesOf("timeZone").filter((zone) => zone.includes("/"));
  const cldr = Object.fromEntries(LANGUAGES.map((l) => [l, cldrZones(l)]));
  const cities = (pick: (zone: string) => string) => Object.fromEntries(zones.map((zone) => [zone, pick(zone)]));
  const en = cities((zone) => exemplar(cldr.en as ZoneTree, zone) ?? rootCity(zone));
  const uz = cities((zone) => exemplar(cldr.uz as ZoneTree, zone) ?? rootCity(zone));
  return {
    en,
    ru: cities((zone) => exemplar(cldr.ru as ZoneTree, zone) ?? rootCity(zone)),
    uz,
    "uz-Cyrl": cities((zone) =>
      uz[zone] !== en[zone]
        ? uzbekCyrillic(uz[zone] as string)
        : (exemplar(cldr.ru as ZoneTree, zone) ?? uzbekCyrillic(rootCity(zone))),
    ),
  };
}

export const zoneCitiesJson = () => `${JSON.stringify(zoneCities(), null, 2)}\n`;

if (import.meta.main) {
  fs.writeFileSync(ZONE_CITIES_FILE, zoneCitiesJson());
  console.log(`${path.relative(root, ZONE_CITIES_FILE)}: ${Intl.supportedValuesOf("timeZone").length} zones`);
}
