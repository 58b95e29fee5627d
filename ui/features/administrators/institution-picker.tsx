import { useState } from "react";
import type { InstitutionId } from "../../../domain/shared/ids.ts";
import { ComboBoxField } from "../../kit/combo-box-field.tsx";
import { useDebouncedValue } from "../../kit/use-debounced-value.ts";
import { useInstitutionOptions } from "./use-administrators.ts";

const INSTITUTION_SEARCH_DEBOUNCE_MS = 250;

export type InstitutionPickerProps = {
  readonly value: InstitutionId | null;
  /** The chosen institution's name, when known (the address holds only its id). */
  readonly valueName: string | null;
  readonly onChange: (id: InstitutionId | null) => void;
};

// The super administrator belongs to no institution, so the administrators page asks whose
// administrators to show: an institution picked by typing its name (the server searches).
export function InstitutionPicker({ value, valueName, onChange }: InstitutionPickerProps) {
  // Null until the person types: opened from an address that names the institution, the field
  // shows its name once it arrives.
  const [typed, setText] = useState<string | null>(null);
  const text = typed ?? valueName ?? "";
  const search = useDebouncedValue(text === valueName ? "" : text.trim(), INSTITUTION_SEARCH_DEBOUNCE_MS);
  const options = useInstitutionOptions(search);
  const found = (options.data?.results ?? []).map((institution) => ({ id: String(institution.id), label: institution.name }));
  const chosen = value !== null && valueName !== null && !found.some((option) => option.id === String(value)) ? [{ id: String(value), label: valueName }] : [];
  const all = [...chosen, ...found];
  return (
    <ComboBoxField
      label="Institution"
      description="Administrators belong to one institution: type its name and choose it."
      options={all}
      inputValue={text}
      onInputChange={setText}
      value={value === null ? null : String(value)}
      onChange={(id) => {
        // Choosing the one already shown changes nothing; another comes from the server's answer, id and all.
        const institution = options.data?.results.find((item) => String(item.id) === id);
        if (institution !== undefined) onChange(institution.id);
      }}
      emptyText={options.isFetching ? "Loading…" : "No institution matches"}
    />
  );
}
