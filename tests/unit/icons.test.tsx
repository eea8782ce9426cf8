import fs from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Bell, LoaderCircle } from "~/ui/icons";
import { spriteOf } from "../../scripts/icons";

const read = (file: string) => fs.readFileSync(new URL(`../../app/ui/${file}`, import.meta.url), "utf8");

describe("icons from one sprite", () => {
  it("the sprite holds exactly the listed icons, drawn as lucide draws them (run `npm run icons` after a change)", () => {
    const sprite = read("icons.svg");
    expect(sprite).toBe(spriteOf(read("icons.tsx")));
    expect(sprite).toContain('<symbol id="bell" viewBox="0 0 24 24"><path d="M10.268 21a2 2 0 0 0 3.464 0"></path>');
    expect(sprite.match(/<symbol /g)).toHaveLength(read("icons.tsx").match(/= icon\(/g)?.length ?? -1);
  });

  it("an icon is a small <svg> that uses its symbol, hidden from screen readers unless the caller names it", () => {
    const bell = renderToStaticMarkup(<Bell className="size-4" />);
    expect(bell).toMatch(
      /^<svg [^>]*aria-hidden="true"[^>]*class="lucide size-4"><use href="[^"]*icons[^"]*\.svg#bell"><\/use><\/svg>$/,
    );
    expect(bell).toContain('stroke="currentColor"');
    const named = renderToStaticMarkup(<LoaderCircle aria-label="Loading" role="img" />);
    expect(named).not.toContain("aria-hidden");
    expect(named).toContain('aria-label="Loading"');
  });
});
