import { Checkbox, CheckboxGroup as AriaCheckboxGroup, Label } from "react-aria-components";
import * as styles from "./checkbox-group.css.ts";

export type CheckboxOption = { readonly id: string; readonly label: string };

export type CheckboxGroupProps = {
  readonly label: string;
  readonly options: readonly CheckboxOption[];
  /** The chosen option ids. */
  readonly value: readonly string[];
  readonly onChange: (ids: string[]) => void;
};

// A list filter's several-of-a-few choice (statuses, review states). React Aria's CheckboxGroup:
// each box is its own Tab stop, Space ticks it, and the group's label names them all.
export function CheckboxGroup({ label, options, value, onChange }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup className={styles.group} value={[...value]} onChange={onChange}>
      <Label className={styles.label}>{label}</Label>
      <div className={styles.options}>
        {options.map((option) => (
          <Checkbox key={option.id} value={option.id} className={styles.checkbox}>
            {({ isSelected }) => (
              <>
                <span className={styles.box} aria-hidden="true">
                  {isSelected ? "✓" : ""}
                </span>
                {option.label}
              </>
            )}
          </Checkbox>
        ))}
      </div>
    </AriaCheckboxGroup>
  );
}
