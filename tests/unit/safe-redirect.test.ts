import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";

describe("safeRedirect", () => {
  it.each(["/", "/messages?sentiment=negative#top", "/projects/42/edit"])("keeps the same-origin path %s", (to) => {
    expect(safeRedirect(to)).toBe(to);
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    null,
    undefined,
  ])("sends %j to the fallback", (to) => {
    expect(safeRedirect(to as string)).toBe("/");
    expect(safeRedirect(to as string, "/settings")).toBe("/settings");
  });

  it("normalises dot segments instead of letting them escape", () => {
    expect(safeRedirect("/a/../b")).toBe("/b");
  });
});
