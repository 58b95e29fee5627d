import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { ariaSortOf, nextSort, type SortState } from "./sort-state.ts";

describe("nextSort", () => {
  it("starts a new column ascending and flips the current one", () => {
    expect(nextSort(undefined, "name")).toEqual({ column: "name", direction: "ascending" });
    expect(nextSort({ column: "name", direction: "ascending" }, "name")).toEqual({ column: "name", direction: "descending" });
    expect(nextSort({ column: "name", direction: "descending" }, "created")).toEqual({ column: "created", direction: "ascending" });
  });

  test.prop([fc.constantFrom("name", "created"), fc.constantFrom<SortState["direction"]>("ascending", "descending")])(
    "pressing the same header twice gives the order back",
    (column, direction) => {
      const start: SortState = { column, direction };
      expect(nextSort(nextSort(start, column), column)).toEqual(start);
    },
  );

  it("says 'none' for a sortable column that is not the current one", () => {
    expect(ariaSortOf(undefined)).toBe("none");
    expect(ariaSortOf("descending")).toBe("descending");
  });
});
