import { useState } from "react";
import { ASSIGNABLE_PATIENT_STATUSES, mayReceiveAssignments } from "../../../domain/exercises/assignment-rules.ts";
import { EMPTY_PATIENT_FILTERS, type GameLevelChoice, type PatientListItem, withFilters } from "../../../domain/patients/index.ts";
import { fullNameOrNotSpecified } from "../../../domain/shared/format/names.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { PATIENT_STATUS, type PatientStatus } from "../../../domain/shared/statuses/patient-status.ts";
import { REVIEW_STATUS, type ReviewStatus } from "../../../domain/shared/statuses/review-status.ts";
import { CheckboxGroup } from "../../kit/checkbox-group.tsx";
import { Pager } from "../../kit/pager.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { SearchBox } from "../../kit/search-box.tsx";
import { useDebouncedValue } from "../../kit/use-debounced-value.ts";
import { GameLevelFilter, REVIEW_LABEL, STATUS_LABEL, usePatientList } from "../patients/index.ts";
import * as styles from "./assign.css.ts";

/** The patients chosen so far, by id, with the name to show for each. */
export type ChosenPatients = ReadonlyMap<PatientId, string>;

type Props = {
  readonly chosen: ChosenPatients;
  readonly onChange: (chosen: ChosenPatients) => void;
  /** Says what to fix when no patient is chosen. */
  readonly error: string | null;
};

const SEARCH_DELAY_MS = 300;
// Only the statuses that may receive new exercises: a discharged (inactive) patient is not offered.
const STATUSES: readonly PatientStatus[] = ASSIGNABLE_PATIENT_STATUSES;
const REVIEWS: readonly ReviewStatus[] = [REVIEW_STATUS.pending, REVIEW_STATUS.reviewed];

// Choosing the patients of an assignment: the patients list's search and filters (status, review,
// an exercise level they already have), a page at
// a time, each patient a checkbox; patients chosen on one page stay chosen on the next and are
// listed above with the count. Only patients who may receive new exercises are asked for (no
// status ticked means all of those), so an inactive patient is never offered.
export function AssignPatients({ chosen, onChange, error }: Props) {
  const [search, setSearch] = useState("");
  const [statuses, setStatuses] = useState<readonly PatientStatus[]>([PATIENT_STATUS.active]);
  const [review, setReview] = useState<readonly ReviewStatus[]>([]);
  const [gameLevels, setGameLevels] = useState<readonly GameLevelChoice[]>([]);
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search, SEARCH_DELAY_MS);
  const filters = { ...withFilters(EMPTY_PATIENT_FILTERS, { search: debounced, statuses: statuses.length === 0 ? STATUSES : statuses, review, gameLevels }), page };
  const list = usePatientList(filters);
  const rows: readonly PatientListItem[] = (list.data?.results ?? []).filter((row) => mayReceiveAssignments(row.status));
  const nameOf = (row: PatientListItem) => fullNameOrNotSpecified(row.first_name, row.last_name);
  const onPage = rows.filter((row) => chosen.has(row.id)).map((row) => String(row.id));
  const choose = (ids: string[]) => {
    const next = new Map(chosen);
    for (const row of rows) {
      if (ids.includes(String(row.id))) next.set(row.id, nameOf(row));
      else next.delete(row.id);
    }
    onChange(next);
  };
  return (
    <section className={styles.section} aria-labelledby="assign-patients-heading">
      <h2 id="assign-patients-heading" className={styles.subheading}>
        Patients
      </h2>
      <p className={styles.muted} aria-live="polite">
        {chosen.size === 0 ? "No patient chosen yet." : `${chosen.size} ${chosen.size === 1 ? "patient" : "patients"} chosen: ${[...chosen.values()].join(", ")}.`}
      </p>
      {error === null ? null : (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={styles.muted}>Inactive patients are not listed: a discharged patient receives no new exercises (their past sessions can still be reviewed).</p>
      <div className={styles.filters}>
        <SearchBox
          label="Search patients"
          value={search}
          onChange={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <CheckboxGroup
          label="Status"
          options={STATUSES.map((status) => ({ id: status, label: STATUS_LABEL[status] }))}
          value={statuses}
          onChange={(ids) => {
            setStatuses(STATUSES.filter((status) => ids.includes(status)));
            setPage(1);
          }}
        />
        <CheckboxGroup
          label="Review"
          options={REVIEWS.map((status) => ({ id: status, label: REVIEW_LABEL[status] }))}
          value={review}
          onChange={(ids) => {
            setReview(REVIEWS.filter((status) => ids.includes(status)));
            setPage(1);
          }}
        />
        <GameLevelFilter
          value={gameLevels}
          onChange={(levels) => {
            setGameLevels(levels);
            setPage(1);
          }}
        />
      </div>
      <QueryStatus query={list} loading="Loading patients…" status={list.data === undefined ? "" : `${list.data.count} patients match`} busy={list.isFetching} />
      {rows.length === 0 && list.data !== undefined ? <p className={styles.muted}>No patient matches.</p> : null}
      {rows.length > 0 ? <CheckboxGroup label={`Patients on page ${page}`} options={rows.map((row) => ({ id: String(row.id), label: `${nameOf(row)} (${row.email})` }))} value={onPage} onChange={choose} /> : null}
      <Pager label="Patients" page={page} totalPages={list.data?.total_pages ?? 1} onPage={setPage} isLoading={list.isFetching} />
    </section>
  );
}
