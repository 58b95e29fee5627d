import { useActorRef, useSelector } from "@xstate/react";
import { ASSIGNABLE_PATIENT_STATUSES, mayReceiveAssignments } from "../../../domain/exercises/assignment-rules.ts";
import type { PatientListItem } from "../../../domain/patients/index.ts";
import { PATIENT_STATUS, type PatientStatus } from "../../../domain/shared/statuses/patient-status.ts";
import { REVIEW_STATUS, type ReviewStatus } from "../../../domain/shared/statuses/review-status.ts";
import { patientPickerMachine, pickerQuery } from "../../../machines/shared/patient-picker.machine.ts";
import { type ChosenPatients, PatientPicker } from "../../forms/patient-picker.tsx";
import { useDebouncedValue } from "../../kit/use-debounced-value.ts";
import { GameLevelFilter, REVIEW_LABEL, STATUS_LABEL, usePatientList } from "../patients/index.ts";
import * as styles from "./assign.css.ts";

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

// The patients of an assignment, chosen with the shared picker (ui/forms/patient-picker.tsx) from
// the patients list's search and filters (status, review, an exercise level they already have),
// held by the picker machine. Only patients who may receive new exercises are asked for (no
// status ticked means all of those), so an inactive patient is never offered.
export function AssignPatients({ chosen, onChange, error }: Props) {
  const picker = useActorRef(patientPickerMachine, { input: { statuses: [PATIENT_STATUS.active] } });
  const context = useSelector(picker, (snapshot) => snapshot.context);
  const filters = context.filters;
  const settled = useDebouncedValue(context.search, SEARCH_DELAY_MS);
  const asked = pickerQuery(context, settled);
  const list = usePatientList({ ...asked, statuses: asked.statuses.length === 0 ? STATUSES : asked.statuses });
  const rows: readonly PatientListItem[] = (list.data?.results ?? []).filter((row) => mayReceiveAssignments(row.status));
  return (
    <PatientPicker
      heading="Patients"
      chosen={chosen}
      onChange={onChange}
      error={error}
      note="Inactive patients are not listed: a discharged patient receives no new exercises (their past sessions can still be reviewed)."
      search={context.search}
      onSearch={(text) => picker.send({ type: "search.change", text })}
      filters={[
        {
          label: "Status",
          options: STATUSES.map((status) => ({ id: status, label: STATUS_LABEL[status] })),
          value: filters.statuses,
          onChange: (ids) => picker.send({ type: "filters.change", change: { statuses: STATUSES.filter((status) => ids.includes(status)) } }),
        },
        {
          label: "Review",
          options: REVIEWS.map((status) => ({ id: status, label: REVIEW_LABEL[status] })),
          value: filters.review,
          onChange: (ids) => picker.send({ type: "filters.change", change: { review: REVIEWS.filter((status) => ids.includes(status)) } }),
        },
      ]}
      moreFilters={<GameLevelFilter value={filters.gameLevels} onChange={(levels) => picker.send({ type: "filters.change", change: { gameLevels: levels } })} />}
      rows={rows}
      query={list}
      page={filters.page}
      onPage={(page) => picker.send({ type: "page.go", page })}
      classNames={styles}
    />
  );
}
