import { useId } from "react";
import { Checkbox } from "./checkbox.tsx";
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

// A list filter's several-of-a-few choice (statuses, review states): a fieldset of the browser's own
// checkboxes (kit/checkbox.tsx), its legend naming them all. In a form (the goal's games) the
// description and the error are read with the group; while nothing is ticked each box says the
// choice is required. The form's own checks decide validity (the domain's), not the browser's.
export function CheckboxGroup({ label, options, value, onChange, description, isRequired, isInvalid, errorMessage }: CheckboxGroupProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const showsError = isInvalid === true && errorMessage !== undefined && errorMessage !== "";
  const describedBy = [description === undefined ? null : descriptionId, showsError ? errorId : null].filter((each) => each !== null).join(" ");
  const toggle = (option: string, ticked: boolean) =>
    // The options' own order, whatever order they were ticked in.
    onChange(options.map((each) => each.id).filter((each) => (each === option ? ticked : value.includes(each))));
  return (
    <fieldset className={styles.group} {...(describedBy === "" ? {} : { "aria-describedby": describedBy })}>
      <legend className={styles.label}>{label}</legend>
      {description === undefined ? null : (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      )}
      <div className={styles.options}>
        {options.map((option) => (
          <Checkbox
            key={option.id}
            label={option.label}
            isSelected={value.includes(option.id)}
            onChange={(ticked) => toggle(option.id, ticked)}
            {...(isInvalid === true ? { isInvalid } : {})}
            {...(isRequired === true && value.length === 0 ? { isRequired } : {})}
          />
        ))}
      </div>
      {showsError ? (
        <p id={errorId} className={styles.error}>
          {errorMessage}
        </p>
      ) : null}
    </fieldset>
  );
}
