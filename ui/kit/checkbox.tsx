import * as styles from "./checkbox-group.css.ts";

export type CheckboxProps = {
  readonly label: string;
  readonly isSelected: boolean;
  readonly onChange: (isSelected: boolean) => void;
  readonly isDisabled?: boolean;
  readonly isInvalid?: boolean;
  /** Said with the box while a choice is still owed (a required group with nothing ticked). */
  readonly isRequired?: boolean;
  /** The id of the message that explains an invalid box, read with it. */
  readonly describedBy?: string;
};

// A single yes/no (unlimited play), and each box of CheckboxGroup: the browser's own checkbox inside
// its label, hidden only from the eye and drawn as a box with a tick (a mark, not colour alone). A
// native box is its own Tab stop, Space ticks it, and screen readers know it best; it also needs
// none of React Aria's checkbox code, four small files a filter page loaded before its heading on a
// slow phone (issue 35).
export function Checkbox({ label, isSelected, onChange, isDisabled, isInvalid, isRequired, describedBy }: CheckboxProps) {
  return (
    <label className={styles.checkbox}>
      <input
        type="checkbox"
        className={styles.input}
        checked={isSelected}
        onChange={(event) => onChange(event.currentTarget.checked)}
        disabled={isDisabled}
        {...(isInvalid === true ? { "aria-invalid": true } : {})}
        {...(isRequired === true ? { "aria-required": true } : {})}
        {...(describedBy === undefined ? {} : { "aria-describedby": describedBy })}
      />
      <span className={styles.box} aria-hidden="true">
        {isSelected ? "✓" : ""}
      </span>
      {label}
    </label>
  );
}
