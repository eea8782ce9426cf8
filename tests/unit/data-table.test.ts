import { describe, expect, it } from "vitest";
import { QUERY_LIMITS } from "~/core/query";
import { carriedParams, clampPage, defineTable, pageHref, sortHref, withParams } from "~/core/table";
import { parseBulkAction, parseTableState } from "~/ui/data-table/parse";

const spec = defineTable({
  sortable: ["name", "updated"],
  defaultSort: { id: "updated", desc: true },
  filters: { status: ["active", "paused"], kind: ["a", "b", "c"] },
  hideable: ["status", "kind", "notes"],
  hiddenByDefault: ["notes"],
  pageSizes: [10, 25, 50],
  defaultPageSize: 25,
});

const parse = (query: string) => parseTableState(spec, new URLSearchParams(query));
const DEFAULTS = {
  q: "",
  sort: { id: "updated", desc: true },
  filters: { status: [], kind: [] },
  page: 1,
  pageSize: 25,
  columns: ["status", "kind"],
};

describe("parsing a table's URL", () => {
  it("keeps an open filter's values (people, labels) trimmed, each once, short and few, next to the fixed ones", () => {
    const open = defineTable({ ...spec, openFilters: { owner: true } });
    const many = Array.from({ length: 60 }, (_, i) => `owner=p${i}`).join("&");
    const state = parseTableState(
      open,
      new URLSearchParams(`owner=%20me%20&owner=me&owner=&owner=${"x".repeat(101)}&status=paused`),
    );
    expect(state.filters).toEqual({ status: ["paused"], kind: [], owner: ["me"] });
    expect(parseTableState(open, new URLSearchParams(many)).filters.owner).toHaveLength(50);
    expect(() => defineTable({ ...spec, openFilters: { page: true } })).toThrow(/shadow/);
  });

  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual(DEFAULTS);
  });

  it("reads every parameter it knows", () => {
    expect(
      parse("q=%20 bank  uz &sort=name&dir=desc&page=3&size=50&status=paused&kind=c&kind=a&cols=notes&cols=status"),
    ).toEqual({
      q: "bank uz",
      sort: { id: "name", desc: true },
      filters: { status: ["paused"], kind: ["c", "a"] },
      page: 3,
      pageSize: 50,
      columns: ["notes", "status"],
    });
    expect(parse("sort=name").sort).toEqual({ id: "name", desc: false });
  });

  it("falls back to the default for each bad value, and never throws", () => {
    expect(parse("sort=password&dir=sideways&page=-2&size=13&status=deleted&cols=secret")).toEqual({
      ...DEFAULTS,
      columns: [],
    });
    expect(parse("page=abc&size=1e9").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=99999999999").page).toBe(1);
    expect(parse("size=25.0").pageSize).toBe(25);
    expect(parse("status=active&status=active&status=nope").filters.status).toEqual(["active"]);
    // A search is cut at a query's longest (core/query).
    expect(parse(`q=${"x".repeat(5_000)}`).q).toHaveLength(QUERY_LIMITS.length);
    // A direction on its own turns the default column around.
    expect(parse("dir=asc").sort).toEqual({ id: "updated", desc: false });
  });

  it("treats the column form's empty marker as 'no optional columns'", () => {
    expect(parse("cols=").columns).toEqual([]);
    expect(parse("cols=&cols=kind").columns).toEqual(["kind"]);
  });

  it("moves a page past the end back to the last page with rows", () => {
    expect(clampPage(parse("page=9&size=10"), 35).page).toBe(4);
    expect(clampPage(parse("page=2"), 30).page).toBe(2);
    expect(clampPage(parse("page=5"), 0).page).toBe(1);
  });

  it("refuses a filter named like one of the table's own parameters", () => {
    expect(() => defineTable({ ...spec, filters: { page: ["1"] } })).toThrow(/page/);
  });
});

describe("links and forms keep the rest of the URL", () => {
  /** The parameters of a link, in any order. */
  const params = (href: string) => [...new URLSearchParams(href)].sort();
  const state = parse("sort=name&page=3&status=active&view=cards");
  const search = "?sort=name&page=3&status=active&view=cards";

  it("sorts ascending first, then turns around; the default sort leaves the URL clean; back to page 1", () => {
    expect(params(sortHref(search, spec, state, "name"))).toEqual(
      params("sort=name&dir=desc&status=active&view=cards"),
    );
    expect(sortHref("?sort=name&dir=desc", spec, parse("sort=name&dir=desc"), "name")).toBe("?sort=name&dir=asc");
    // updated, descending, is the default
    expect(sortHref("?sort=updated&dir=asc", spec, parse("sort=updated&dir=asc"), "updated")).toBe("?");
    expect(params(sortHref(search, spec, state, "updated"))).toEqual(
      params("status=active&view=cards&sort=updated&dir=asc"),
    );
  });

  it("pages without touching anything else", () => {
    expect(params(pageHref(search, 4))).toEqual(params("sort=name&page=4&status=active&view=cards"));
    expect(params(pageHref(search, 1))).toEqual(params("sort=name&status=active&view=cards"));
  });

  it("replaces, repeats and removes parameters", () => {
    expect(withParams("?a=1&b=2&b=3", { b: ["4", "5"], a: null, c: "x" })).toBe("?b=4&b=5&c=x");
  });

  it("hands a GET form the parameters it does not set itself", () => {
    expect(carriedParams(search, ["q", "page", "status"])).toEqual([
      ["sort", "name"],
      ["view", "cards"],
    ]);
  });
});

describe("a bulk action's form", () => {
  const form = (entries: Array<[string, string]>) => {
    const data = new FormData();
    for (const [k, v] of entries) data.append(k, v);
    return data;
  };
  const id1 = "0f8fad5b-d9cb-469f-a165-70867728950e";
  const id2 = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

  it("reads the intent and the ticked ids, each once", () => {
    expect(
      parseBulkAction(
        spec,
        form([
          ["intent", "pause"],
          ["ids", id1],
          ["ids", id2],
          ["ids", id1],
        ]),
        ["pause", "delete"],
      ),
    ).toEqual({ ok: true, intent: "pause", ids: [id1, id2] });
  });

  it("says what is wrong instead of failing", () => {
    expect(parseBulkAction(spec, form([["intent", "pause"]]), ["pause"])).toEqual({
      ok: false,
      error: "tables:bulk.noneSelected",
    });
    expect(
      parseBulkAction(
        spec,
        form([
          ["intent", "explode"],
          ["ids", id1],
        ]),
        ["pause"],
      ),
    ).toEqual({
      ok: false,
      error: "tables:bulk.invalid",
    });
    expect(
      parseBulkAction(
        spec,
        form([
          ["intent", "pause"],
          ["ids", "1; DROP TABLE"],
        ]),
        ["pause"],
      ),
    ).toEqual({
      ok: false,
      error: "tables:bulk.invalid",
    });
    const tooMany = Array.from({ length: 51 }, (_, i): [string, string] => [
      "ids",
      `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    ]);
    expect(parseBulkAction(spec, form([["intent", "pause"], ...tooMany]), ["pause"]).ok).toBe(false);
  });
});
