import { type ReactNode, useId } from "react";
import { type SortDirection, type SortState, ariaSortOf, nextSort } from "../../domain/shared/format/sort-state.ts";
import * as styles from "./data-table.css.ts";

export type DataColumn<Row> = {
  readonly key: string;
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  /** The column that names the row (a `th scope="row"`): read before every other cell. */
  readonly isRowHeader?: boolean;
  /** Numbers line up on the right. */
  readonly numeric?: boolean;
  /** Its header sorts the table (the caller orders the rows, usually on the server). */
  readonly sortable?: boolean;
};

export type DataTableProps<Row> = {
  /** Names the table and the scrolling region around it. */
  readonly caption: string;
  readonly columns: readonly DataColumn<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string | number;
  /** The current order; with `onSortChange`, sortable headers become buttons. */
  readonly sort?: SortState;
  readonly onSortChange?: (sort: SortState) => void;
  /** Said in the body when there are no rows ("No patients match “ann”."). */
  readonly empty?: string;
  /** While the rows are being replaced (a new page, a new order) the table says it is busy. */
  readonly busy?: boolean;
};

// A plain semantic table (not a grid): every cell is read with its column header, the caption
// names it, and only the links and buttons inside it take the focus, so Tab moves from row link
// to row link. Sortable headers carry aria-sort and a button that flips the order. Narrow screens
// scroll it sideways inside a focusable, labelled region (WCAG 1.4.10, 2.1.1).
export function DataTable<Row>({ caption, columns, rows, rowKey, sort, onSortChange, empty, busy = false }: DataTableProps<Row>) {
  const captionId = useId();
  return (
    <div className={styles.tableScroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} aria-busy={busy ? true : undefined}>
        <caption id={captionId} className={styles.caption}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sortable = column.sortable === true && onSortChange !== undefined;
              const direction: SortDirection | undefined = sort?.column === column.key ? sort.direction : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={column.numeric === true ? styles.number : undefined}
                  aria-sort={sortable ? ariaSortOf(direction) : undefined}
                >
                  {sortable ? (
                    <button type="button" className={styles.sortButton} onClick={() => onSortChange(nextSort(sort, column.key))}>
                      {column.header}
                      <span aria-hidden="true">{direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕"}</span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty !== undefined ? (
            <tr>
              <td colSpan={columns.length} className={styles.emptyCell}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) =>
                  column.isRowHeader === true ? (
                    <th key={column.key} scope="row" className={column.numeric === true ? styles.number : undefined}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.key} className={column.numeric === true ? styles.number : undefined}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
