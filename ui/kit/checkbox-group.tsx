import { Checkbox, CheckboxGroup as AriaCheckboxGroup, FieldError, Label, Text } from "react-aria-components";
import * as styles from "./checkbox-group.css.ts";

export type CheckboxOption = { readonly id: string; readonly label: string };

export type CheckboxGroupProps = {
  readonly label: string;
  readonly options: readonly CheckboxOption[];
  /** The chosen option ids. */
  readonly value: readonly string[];
  readonly onChange: (ids: string[]) => void;
  /** Words under the label (a form's hint). */
  readonly description?: string;
  /** A form's choice that must hold one box or more, and its message when it does not. */
  readonly isRequired?: boolean;
  readonly isInvalid?: boolean;
  readonly errorMessage?: string;
};

// A list filter's several-of-a-few choice (statuses, review states). React Aria's CheckboxGroup:
// each box is its own Tab stop, Space ticks it, and the group's label names them all. In a form
// (the goal's games) the description and the error are wired to the group like a field's.
export function CheckboxGroup({ label, options, value, onChange, description, isRequired, isInvalid, errorMessage }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup className={styles.group} value={[...value]} onChange={onChange} {...(isRequired === undefined ? {} : { isRequired })} {...(isInvalid === undefined ? {} : { isInvalid })}>
      <Label className={styles.label}>{label}</Label>
      {description === undefined ? null : (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
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
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaCheckboxGroup>
  );
}
