import { Button as AriaButton, Input, Label, SearchField } from "react-aria-components";
import * as fieldStyles from "../../kit/text-field.css.ts";
import * as styles from "./dashboard.css.ts";

export type SearchBoxProps = {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
};

// React Aria's SearchField: type="search", Escape clears, and the clear button is labelled. The
// kit has no search part yet; this one borrows the kit's field styles so it looks like the rest.
export function SearchBox({ label, value, onChange }: SearchBoxProps) {
  return (
    <SearchField value={value} onChange={onChange} className={styles.searchField}>
      <Label className={fieldStyles.label}>{label}</Label>
      <div className={styles.searchRow}>
        <Input className={fieldStyles.input} />
        <AriaButton className={styles.clearButton} aria-label="Clear search">
          ✕
        </AriaButton>
      </div>
    </SearchField>
  );
}
