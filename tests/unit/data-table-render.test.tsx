// The table kit's markup as the server sends it (ADR 044): the CSS that hides columns by priority, keeps the
// first in view and turns rows into cards works from these attributes, so they must be in the first HTML.
import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { defineTable } from "~/core/table";
import { NAMESPACES } from "~/i18n/config";
import { resources } from "~/i18n/i18n.server";
import { type Column, DataTable } from "~/ui/data-table/data-table";
import { parseTableState } from "~/ui/data-table/parse";

const spec = defineTable({
  sortable: ["name"],
  defaultSort: { id: "name", desc: false },
  filters: {},
  hideable: ["status", "notes"],
  pageSizes: [10],
  defaultPageSize: 10,
});

type Row = { id: string; name: string; status: string; notes: string };
const rows: Row[] = [{ id: "1", name: "Nurbank", status: "Active", notes: "" }];
const columns: Array<Column<Row>> = [
  { id: "name", header: "Name", rowHeader: true, priority: 1, cell: (r) => r.name },
  { id: "status", header: "Status", priority: 2, cell: (r) => r.status },
  { id: "notes", header: "Notes", priority: 5, cell: (r) => r.notes },
];

/** The table at the stub's URL, with the columns the test gives (through the route's data). */
function Table() {
  const { columns: cols } = useLoaderData() as { columns: Array<Column<Row>> };
  const { search } = useLocation();
  return (
    <DataTable
      spec={spec}
      state={parseTableState(spec, new URLSearchParams(search))}
      rows={rows}
      total={rows.length}
      columns={cols}
      getRowId={(r) => r.id}
      caption="Projects"
    />
  );
}
const Stub = createRoutesStub([{ id: "root", path: "/", Component: Table }]);

async function render(search: string, cols: Array<Column<Row>> = columns) {
  const i18n = createInstance();
  await i18n.init({ lng: "en", resources, ns: [...NAMESPACES], defaultNS: "common" });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[`/${search}`]} hydrationData={{ loaderData: { root: { columns: cols } } }} />
    </I18nextProvider>,
  );
}

describe("the table kit's markup", () => {
  it("marks each column's priority, the first column, and each card line's label", async () => {
    const html = await render("");
    expect(html).toContain('<table class="dt-table">');
    expect(html).toMatch(/<th scope="row" class="dt-cell[^"]*dt-sticky dt-first" data-column="name">/);
    expect(html).toMatch(/<td class="dt-cell" data-column="status" data-priority="2" data-label="Status">/);
    expect(html).toMatch(/<th scope="col"[^>]*data-column="notes" data-priority="5"/);
  });

  it("says when the reader chose the columns, which then all show", async () => {
    expect(await render("?cols=status&cols=notes")).toContain('<table class="dt-table" data-chosen="true">');
  });

  it("refuses a column that would hide by width but that the column menu could not bring back", async () => {
    const name = { ...(columns[0] as Column<Row>), priority: 3 as const };
    await expect(render("", [name])).rejects.toThrow(/"name" hides by width/);
  });
});
