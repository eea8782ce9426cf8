import { describe, expect, it } from "vitest";
import { limitFor, MEGABYTE } from "../../server/body-limit.ts";

describe("request body limits per path", () => {
  const limits = { "/": MEGABYTE, "/projects/import": 20 * MEGABYTE };

  it("gives an upload route its own limit, and every other path the default", () => {
    expect(limitFor(limits, "/projects/import")).toBe(20 * MEGABYTE);
    expect(limitFor(limits, "/projects/import/preview")).toBe(20 * MEGABYTE);
    expect(limitFor(limits, "/projects/importer")).toBe(MEGABYTE);
    expect(limitFor(limits, "/projects/42/edit")).toBe(MEGABYTE);
    expect(limitFor(limits, "/sign-up")).toBe(MEGABYTE);
  });
});
