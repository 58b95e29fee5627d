import type { ReactNode } from "react";
import type { PatientListItem } from "../../domain/patients/index.ts";
import { fullNameOrNotSpecified } from "../../domain/shared/format/names.ts";
import type { PatientId } from "../../domain/shared/ids.ts";
import { CheckboxGroup } from "../kit/checkbox-group.tsx";
import { Pager } from "../kit/pager.tsx";
import { type QueryState, QueryStatus } from "../kit/query-status.tsx";
import { SearchBox } from "../kit/search-box.tsx";
import { countOf, NOUNS } from "../../domain/shared/format/plural.ts";

/** The patients chosen so far, by id, with the name to show for each. */
export type ChosenPatients = ReadonlyMap<PatientId, string>;

type Option = { readonly id: string; readonly label: string };

export type PatientPickerProps = {
  readonly heading: string;
  readonly chosen: ChosenPatients;
  readonly onChange: (chosen: ChosenPatients) => void;
  /** Says what to fix about the choice (none chosen, too many). */
  readonly error: string | null;
  /** A line under the heading saying who is not offered and why. */
  readonly note?: string;
  readonly search: string;
  readonly onSearch: (text: string) => void;
  /** Checkbox filters (status, review…), each a group; changes are the caller's. */
  readonly filters: ReadonlyArray<{ readonly label: string; readonly options: readonly Option[]; readonly value: readonly string[]; readonly onChange: (ids: string[]) => void }>;
  /** Any other filter the caller adds (e.g. an exercise level the patients have). */
  readonly moreFilters?: ReactNode;
  /** The page of patients to choose from, and the query it came from (its loading, failure and retry). */
  readonly rows: readonly PatientListItem[];
  readonly query: QueryState & { readonly data?: { readonly count: number; readonly total_pages: number } | undefined; readonly isFetching: boolean };
  readonly page: number;
  readonly onPage: (page: number) => void;
  readonly classNames: { readonly section: string; readonly subheading: string; readonly muted: string; readonly error: string; readonly filters: string };
};

const nameOf = (row: PatientListItem) => fullNameOrNotSpecified(row.first_name, row.last_name);

// Choosing patients a page at a time, each a checkbox, with a search and the caller's filters;
// patients chosen on one page stay chosen on the next and are listed above with the count. It only
// renders: the choice and the filters are the caller's (a machine), the list its query.
export function PatientPicker(props: PatientPickerProps) {
  const { chosen, rows, page, classNames: styles } = props;
  const onPage = rows.filter((row) => chosen.has(row.id)).map((row) => String(row.id));
  const choose = (ids: string[]) => {
    const next = new Map(chosen);
    for (const row of rows) {
      if (ids.includes(String(row.id))) next.set(row.id, nameOf(row));
      else next.delete(row.id);
    }
    props.onChange(next);
  };
  return (
    <section className={styles.section} aria-labelledby="patient-picker-heading">
      <h2 id="patient-picker-heading" className={styles.subheading}>
        {props.heading}
      </h2>
      <p className={styles.muted} aria-live="polite">
        {chosen.size === 0 ? "No patient chosen yet." : `${countOf(chosen.size, NOUNS.patient)} chosen: ${[...chosen.values()].join(", ")}.`}
      </p>
      {props.note === undefined ? null : <p className={styles.muted}>{props.note}</p>}
      <div className={styles.filters}>
        {/* No patient chosen: the search is where choosing starts, so it carries the message and takes the focus. */}
        <SearchBox label="Search patients" value={props.search} onChange={props.onSearch} errorMessage={props.error} />
        {props.filters.map((filter) => (
          <CheckboxGroup key={filter.label} label={filter.label} options={filter.options} value={filter.value} onChange={filter.onChange} />
        ))}
        {props.moreFilters}
      </div>
      <QueryStatus query={props.query} loading="Loading patients…" status={props.query.data === undefined ? "" : `${props.query.data.count} patients match`} busy={props.query.isFetching} />
      {rows.length === 0 && props.query.data !== undefined ? <p className={styles.muted}>No patient matches.</p> : null}
      {rows.length > 0 ? <CheckboxGroup label={`Patients on page ${page}`} options={rows.map((row) => ({ id: String(row.id), label: `${nameOf(row)} (${row.email})` }))} value={onPage} onChange={choose} /> : null}
      <Pager label="Patients" page={page} totalPages={props.query.data?.total_pages ?? 1} onPage={props.onPage} isLoading={props.query.isFetching} />
    </section>
  );
}
