import { EMPTY_PATIENT_FILTERS } from "../../../domain/patients/patient-list-filters.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import { IdPickerField } from "../../kit/id-picker-field.tsx";
import { useDebouncedValue } from "../../kit/use-debounced-value.ts";
import { usePatient, usePatientList } from "./use-patients.ts";

const PATIENT_SEARCH_DEBOUNCE_MS = 250;
const NUMBER = /^[1-9][0-9]{0,8}$/;

type Named = { readonly id: number; readonly first_name: string; readonly last_name: string };
/** A patient as a picker lists them: the name, and the number that tells two of one name apart. */
export const patientLabel = (patient: Named): string => `${patient.first_name} ${patient.last_name} (patient ${patient.id})`;

export type PatientPickerProps = {
  readonly label: string;
  readonly description: string;
  /** The chosen patient's id; "" for none. */
  readonly value: string;
  /** What is typed; "" while the field shows the chosen patient. */
  readonly text: string;
  readonly onTextChange: (text: string) => void;
  readonly onChange: (id: string) => void;
  readonly errorMessage?: string | undefined;
};

// A patient of the caller's institution picked by typing part of a name or e-mail (the patients
// list's own search, GET patients/) or the patient number (the record, GET patients/{id}/). Its
// text and id are the caller's form's (IdPickerField); opened with an id, the field reads the
// record for the name and shows the number until it arrives. Nothing is asked until something is typed.
export function PatientPicker({ label, description, value, text, onTextChange, onChange, errorMessage }: PatientPickerProps) {
  const search = useDebouncedValue(value === "" ? text.trim() : "", PATIENT_SEARCH_DEBOUNCE_MS);
  const byNumber = NUMBER.test(search);
  const list = usePatientList({ ...EMPTY_PATIENT_FILTERS, search }, search !== "" && !byNumber);
  // The record read names the chosen patient (shown by id) or the one a typed number names; the 1 is a key never asked for.
  const recordId = value !== "" ? value : byNumber ? search : "";
  const record = usePatient(PatientId.make(Number(recordId) || 1), recordId !== "" && (value === "" || text === ""));
  const numbered = byNumber && record.data !== undefined && String(record.data.id) === search ? [record.data] : [];
  const found = search === "" ? [] : byNumber ? numbered : (list.data?.results ?? []);
  const chosen = value !== "" && record.data !== undefined && String(record.data.id) === value ? record.data : undefined;
  return (
    <IdPickerField
      label={label}
      description={description}
      value={value}
      text={text}
      chosenLabel={chosen === undefined ? `Patient ${value}` : patientLabel(chosen)}
      options={found.map((patient) => ({ id: String(patient.id), label: patientLabel(patient) }))}
      onTextChange={onTextChange}
      onChange={onChange}
      emptyText={list.isFetching || record.isFetching ? "Loading…" : search === "" ? "Type part of a name or the patient number" : "No patient matches"}
      errorMessage={errorMessage}
    />
  );
}
