// `npm run icons`: writes app/ui/icons.svg, one <symbol> per icon listed in app/ui/icons.tsx, drawn from
// lucide-react's own components, so the sprite and the list cannot disagree (a unit test checks it).
import fs from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";

const root = path.resolve(import.meta.dirname, "..");

/** The sprite for the icons listed in `source` (icons.tsx): `export const Name = icon("id")`. */
export function spriteOf(source: string): string {
  const symbols = [...source.matchAll(/export const (\w+) = icon\("([\w-]+)"\);/g)].map(([, name, id]) => {
    const component = (lucide as unknown as Record<string, FunctionComponent>)[name as string];
    if (!component) throw new Error(`lucide-react has no icon named ${name}`);
    const drawing = renderToStaticMarkup(createElement(component)).replace(/^<svg[^>]*>|<\/svg>$/g, "");
    return `<symbol id="${id}" viewBox="0 0 24 24">${drawing}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.main) {
  const sprite = spriteOf(fs.readFileSync(path.join(root, "app/ui/icons.tsx"), "utf8"));
  fs.writeFileSync(path.join(root, "app/ui/icons.svg"), sprite);
  console.log(
    `app/ui/icons.svg: ${sprite.split("<symbol").length - 1} icons, ${(sprite.length / 1024).toFixed(1)} KiB`,
  );
}
