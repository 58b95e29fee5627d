import { Checkbox as AriaCheckbox } from "react-aria-components";
import * as styles from "./checkbox-group.css.ts";

export type CheckboxProps = {
  readonly label: string;
  readonly isSelected: boolean;
  readonly onChange: (isSelected: boolean) => void;
  readonly isDisabled?: boolean;
  readonly isInvalid?: boolean;
  /** The id of the message that explains an invalid box, read with it. */
  readonly describedBy?: string;
};

// A single yes/no (unlimited play): React Aria's Checkbox in the look of CheckboxGroup's boxes,
// its own Tab stop, Space ticks it, the tick drawn as a mark and not by colour alone.
export function Checkbox({ label, isSelected, onChange, isDisabled, isInvalid, describedBy }: CheckboxProps) {
  return (
    <AriaCheckbox
      className={styles.checkbox}
      isSelected={isSelected}
      onChange={onChange}
      {...(isDisabled === undefined ? {} : { isDisabled })}
      {...(isInvalid === undefined ? {} : { isInvalid })}
      {...(describedBy === undefined ? {} : { "aria-describedby": describedBy })}
    >
      {({ isSelected: ticked }) => (
        <>
          <span className={styles.box} aria-hidden="true">
            {ticked ? "✓" : ""}
          </span>
          {label}
        </>
      )}
    </AriaCheckbox>
  );
}
