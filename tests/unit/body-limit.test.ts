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

describe("a limit for a path with an id in it", () => {
  const limits = { "/": MEGABYTE, "/sources/*/import": 10 * MEGABYTE };

  it("matches any one segment for *, and React Router's data request for the page", () => {
    expect(limitFor(limits, "/sources/0b6c/import")).toBe(10 * MEGABYTE);
    expect(limitFor(limits, "/sources/0b6c/import.data")).toBe(10 * MEGABYTE);
    expect(limitFor(limits, "/sources/0b6c")).toBe(MEGABYTE);
    expect(limitFor(limits, "/sources/0b6c/edit")).toBe(MEGABYTE);
    expect(limitFor(limits, "/api/ingest/0b6c")).toBe(MEGABYTE);
  });
});
