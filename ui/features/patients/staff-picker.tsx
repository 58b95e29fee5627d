import { useState } from "react";
import type { PatientDraft } from "../../../domain/patients/patient-form-state.ts";
import { ComboBoxField } from "../../kit/combo-box-field.tsx";
import { useDebouncedValue } from "../../kit/use-debounced-value.ts";
import { useStaffOptions } from "./use-patients.ts";

const STAFF_SEARCH_DEBOUNCE_MS = 250;

export type StaffPickerProps = {
  readonly value: PatientDraft["staff"];
  readonly onChange: (staff: PatientDraft["staff"]) => void;
  readonly errorMessage?: string | undefined;
};

// The assigned SLP, picked by typing a name from the institution's staff; clearing the text
// leaves the patient unassigned.
export function StaffPicker({ value, onChange, errorMessage }: StaffPickerProps) {
  const [text, setText] = useState(value?.name ?? "");
  const search = useDebouncedValue(text === value?.name ? "" : text.trim(), STAFF_SEARCH_DEBOUNCE_MS);
  const staff = useStaffOptions(search);
  const found = (staff.data ?? []).map((member) => ({ id: member.id, name: `${member.first_name} ${member.last_name}` }));
  const choices = [...(value !== null && !found.some((member) => member.id === value.id) ? [value] : []), ...found];
  return (
    <ComboBoxField
      label="Assigned SLP"
      description="Optional. The SLP who reviews this patient's sessions."
      options={choices.map((member) => ({ id: String(member.id), label: member.name }))}
      inputValue={text}
      onInputChange={(typed) => {
        setText(typed);
        if (typed.trim() === "" && value !== null) onChange(null);
      }}
      value={value === null ? null : String(value.id)}
      onChange={(id) => onChange(choices.find((member) => String(member.id) === id) ?? null)}
      emptyText={staff.isFetching ? "Loading…" : "No SLP matches"}
      {...(errorMessage === undefined ? {} : { errorMessage, isInvalid: true })}
    />
  );
}
