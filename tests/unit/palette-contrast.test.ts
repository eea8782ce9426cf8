// WCAG 1.4.3 (issue 37, ADR 059): highlighted matches and muted text keep 4.5:1 against every background they
// sit on, in the light and the dark theme, read from the theme's own CSS (app/app.css).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const css = fs.readFileSync(path.join(import.meta.dirname, "../../app/app.css"), "utf8");

/** A colour variable's light and dark values, from its `light-dark(#light, #dark)` in :root. */
function themeColour(name: string): { light: string; dark: string } {
  const match = css.match(new RegExp(`--${name}:\\s*light-dark\\((#[0-9a-f]{6}),\\s*(#[0-9a-f]{6})\\)`, "i"));
  if (!match) throw new Error(`no light-dark colour --${name} in app.css`);
  return { light: match[1] as string, dark: match[2] as string };
}

function channels(hex: string) {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
}

/** WCAG 2.2's relative luminance. */
function luminance(hex: string) {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `over` at `alpha` on `under`, as the browser paints a Tailwind `bg-x/50`. */
function blend(over: string, alpha: number, under: string) {
  const a = channels(over);
  const b = channels(under);
  return `#${a
    .map((c, i) =>
      Math.round(c * alpha + (b[i] as number) * (1 - alpha))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

describe("the contrast formula", () => {
  it("gives WCAG's known values", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    // The failure axe reported before ADR 059: muted text on the old highlight.
    expect(contrast("#5b6472", "#dacbb3")).toBeCloseTo(3.75, 1);
    expect(blend("#845300", 0.3, "#ffffff")).toBe("#dacbb3");
  });
});

/** Where muted text is drawn: the page, cards, menus, the sidebar, hovered rows, muted fills (the search button's is half). */
const MUTED_BACKGROUNDS = ["background", "card", "popover", "sidebar", "accent", "muted"];

for (const theme of ["light", "dark"] as const) {
  describe(`the ${theme} theme`, () => {
    const colour = (name: string) => themeColour(name)[theme];

    it("draws a highlighted match at 4.5:1 or more", () => {
      expect(contrast(colour("highlight-foreground"), colour("highlight"))).toBeGreaterThanOrEqual(4.5);
    });

    it("draws muted text at 4.5:1 or more on each background it is used on", () => {
      const muted = colour("muted-foreground");
      for (const background of MUTED_BACKGROUNDS) {
        expect(contrast(muted, colour(background)), `muted-foreground on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
      const halfMuted = blend(colour("muted"), 0.5, colour("background"));
      expect(contrast(muted, halfMuted), "muted-foreground on muted/50").toBeGreaterThanOrEqual(4.5);
    });
  });
}

describe("a mark in the page", () => {
  it("paints its own text colour, never the muted one around it", () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, "../../app/ui/highlighted.tsx"), "utf8");
    const mark = source.match(/<mark[^>]*className="([^"]+)"/)?.[1] ?? "";
    expect(mark.split(" ")).toEqual(expect.arrayContaining(["bg-highlight", "text-highlight-foreground"]));
    expect(mark).not.toMatch(/text-inherit/);
  });
});
