// @vitest-environment jsdom
import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { SortState } from "../../domain/shared/format/sort-state.ts";
import { DataTable, type DataColumn } from "./data-table.tsx";

type Person = { id: number; name: string; sessions: number };
const PEOPLE: Person[] = [
  { id: 1, name: "Ann Lee", sessions: 3 },
  { id: 2, name: "Bo Diaz", sessions: 12 },
];
const COLUMNS: DataColumn<Person>[] = [
  { key: "name", header: "Name", isRowHeader: true, sortable: true, cell: (p) => p.name },
  { key: "sessions", header: "Sessions", numeric: true, sortable: true, cell: (p) => p.sessions },
];

// Example: a sortable list whose order the caller keeps (here in memory; a list page keeps it in the address).
function People({ rows = PEOPLE }: { rows?: Person[] }) {
  const [sort, setSort] = useState<SortState>({ column: "name", direction: "ascending" });
  const ordered = [...rows].sort((a, b) => {
    const by = sort.column === "name" ? a.name.localeCompare(b.name) : a.sessions - b.sessions;
    return sort.direction === "ascending" ? by : -by;
  });
  return <DataTable caption="Patients" columns={COLUMNS} rows={ordered} rowKey={(p) => p.id} sort={sort} onSortChange={setSort} empty="No patients yet." />;
}

const names = () => screen.getAllByRole("rowheader").map((cell) => cell.textContent);

describe("DataTable", () => {
  it("is a captioned table in a labelled, focusable scrolling region, each row named by its row header", () => {
    render(<People />);
    const table = screen.getByRole("table", { name: "Patients" });
    expect(screen.getByRole("region", { name: "Patients" }).getAttribute("tabindex")).toBe("0");
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Name▲", "Sessions↕"]);
    expect(names()).toEqual(["Ann Lee", "Bo Diaz"]);
  });

  it("sorts from its headers and says the order with aria-sort", () => {
    render(<People />);
    const [nameHeader, sessionsHeader] = screen.getAllByRole("columnheader");
    expect(nameHeader?.getAttribute("aria-sort")).toBe("ascending");
    expect(sessionsHeader?.getAttribute("aria-sort")).toBe("none");
    fireEvent.click(within(nameHeader as HTMLElement).getByRole("button", { name: /Name/ }));
    expect(nameHeader?.getAttribute("aria-sort")).toBe("descending");
    expect(names()).toEqual(["Bo Diaz", "Ann Lee"]);
    fireEvent.click(within(sessionsHeader as HTMLElement).getByRole("button", { name: /Sessions/ }));
    expect(sessionsHeader?.getAttribute("aria-sort")).toBe("ascending");
    expect(nameHeader?.getAttribute("aria-sort")).toBe("none");
    expect(names()).toEqual(["Ann Lee", "Bo Diaz"]);
  });

  it("says when it has no rows, across the whole width", () => {
    render(<People rows={[]} />);
    const cell = screen.getByRole("cell", { name: "No patients yet." });
    expect(cell.getAttribute("colspan")).toBe("2");
  });
});
