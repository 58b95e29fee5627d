import { Button as AriaButton, FieldError, Input, Label, SearchField } from "react-aria-components";
import * as styles from "./search-box.css.ts";
import * as fieldStyles from "./text-field.css.ts";

export type SearchBoxProps = {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** A message about what the search is for (no patient chosen): the field turns invalid and reads it (aria-describedby). */
  readonly errorMessage?: string | null;
};

// React Aria's SearchField: type="search", Escape clears, and the clear button is labelled. The
// value is the caller's (what was typed); pair it with useDebouncedValue to query only once typing
// pauses, as the SLP dashboard does (SEARCH_DEBOUNCE_MS).
export function SearchBox({ label, value, onChange, errorMessage = null }: SearchBoxProps) {
  return (
    <SearchField value={value} onChange={onChange} className={styles.searchField} isInvalid={errorMessage !== null}>
      <Label className={fieldStyles.label}>{label}</Label>
      <div className={styles.searchRow}>
        <Input className={fieldStyles.input} />
        <AriaButton className={styles.clearButton} aria-label="Clear search">
          ✕
        </AriaButton>
      </div>
      <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>
    </SearchField>
  );
}
