import type { SortState } from "../shared/format/sort-state.ts";
import { PATIENT_ORDERING, type PatientOrdering } from "./patients-wire.ts";

/** The patients table's sortable columns: the name sorts by first name, "Added" by creation date. */
export const PATIENT_SORT_COLUMN = { name: "name", created: "created" } as const;

/** The table's sorted column for a list order, and back: the name column sorts by first name, "Added" by creation date. */
export const sortOfOrdering = (ordering: PatientOrdering): SortState => ({
  column: ordering.endsWith("first_name") ? PATIENT_SORT_COLUMN.name : PATIENT_SORT_COLUMN.created,
  direction: ordering.startsWith("-") ? "descending" : "ascending",
});

export const orderingOfSort = (sort: SortState): PatientOrdering =>
  sort.column === PATIENT_SORT_COLUMN.created
    ? sort.direction === "descending"
      ? PATIENT_ORDERING.createdDescending
      : PATIENT_ORDERING.createdAscending
    : sort.direction === "descending"
      ? PATIENT_ORDERING.firstNameDescending
      : PATIENT_ORDERING.firstNameAscending;

