/** The order of a sortable list: one column, one direction. */
export type SortDirection = "ascending" | "descending";
export type SortState = { readonly column: string; readonly direction: SortDirection };

/**
 * Pressing a column's header: a new column starts ascending, the current one flips. What a list
 * sends the server (`ordering=first_name` / `-first_name`) is the feature's to derive.
 */
export const nextSort = (current: SortState | undefined, column: string): SortState =>
  current?.column === column
    ? { column, direction: current.direction === "ascending" ? "descending" : "ascending" }
    : { column, direction: "ascending" };

/** The header's aria-sort: the current column says its direction, every other sortable one "none". */
export const ariaSortOf = (direction: SortDirection | undefined): "ascending" | "descending" | "none" => direction ?? "none";
