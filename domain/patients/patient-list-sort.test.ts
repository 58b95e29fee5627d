import { describe, expect, it } from "vitest";
import { nextSort } from "../shared/format/sort-state.ts";
import { orderingOfSort, sortOfOrdering } from "./patient-list-sort.ts";
import { PATIENT_ORDERING } from "./patients-wire.ts";

describe("the patients table's sort headers and the list order", () => {
  it.each(Object.values(PATIENT_ORDERING))("map %s to a sorted column and back", (ordering) => {
    expect(orderingOfSort(sortOfOrdering(ordering))).toBe(ordering);
  });

  it("flips the name order when the sorted name header is pressed, and starts the date ascending", () => {
    const byName = sortOfOrdering(PATIENT_ORDERING.firstNameAscending);
    expect(orderingOfSort(nextSort(byName, "name"))).toBe(PATIENT_ORDERING.firstNameDescending);
    expect(orderingOfSort(nextSort(byName, "created"))).toBe(PATIENT_ORDERING.createdAscending);
  });
});
