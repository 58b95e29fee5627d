import { useId } from "react";
import * as styles from "./text-field.css.ts";

export type SelectOption = { readonly id: string; readonly label: string };

export type SelectFieldProps = {
  readonly label: string;
  readonly options: readonly SelectOption[];
  readonly value: string | null;
  readonly onChange: (id: string) => void;
  readonly description?: string;
  readonly errorMessage?: string;
  readonly isRequired?: boolean;
  readonly isInvalid?: boolean;
  readonly placeholder?: string;
  readonly name?: string;
  /** What the field says when there is nothing to choose from (the list is empty). */
  readonly emptyText?: string;
  /** Focus the field when it appears: the first field of a form that just opened. */
  readonly autoFocus?: boolean;
};

/** The value of the placeholder option: never an option's id (ids are non-empty). */
const NOTHING_CHOSEN = "";

// The browser's own <select> (issue 35): every screen reader and keyboard knows it (arrows move,
// typing jumps to an option, Alt+Down or Space opens the list on each platform's terms), phones
// show their native picker, and it costs no script, where React Aria's Select brought its list
// box, popover and selection manager (about 27 kB gzip) to every page with a filter. For a short
// fixed list (a status, the assigned birth gender); long lists that need typing use ComboBoxField.
// With nothing chosen it shows "Choose one", a placeholder that cannot be chosen again; with
// nothing to choose from it says so and is disabled, rather than inviting a choice that cannot be
// made. The label, description and error are tied to it by id, as React Aria's fields do.
export function SelectField({ label, options, value, onChange, description, errorMessage, isRequired, isInvalid, placeholder, name, emptyText = "None available", autoFocus }: SelectFieldProps) {
  const id = useId();
  const empty = options.length === 0;
  const invalid = isInvalid === true;
  const showError = invalid && errorMessage !== undefined && errorMessage !== "";
  const describedBy = [description ? `${id}-description` : null, showError ? `${id}-error` : null].filter((each) => each !== null).join(" ");
  const chosen = value !== null && options.some((option) => option.id === value) ? value : NOTHING_CHOSEN;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={styles.input}
        value={chosen}
        disabled={empty}
        required={isRequired === true}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy === "" ? undefined : describedBy}
        data-invalid={invalid ? "" : undefined}
        data-disabled={empty ? "" : undefined}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only for the first field of a form that just opened
        autoFocus={autoFocus === true}
        {...(name === undefined ? {} : { name })}
        onChange={(event) => {
          if (event.currentTarget.value !== NOTHING_CHOSEN) onChange(event.currentTarget.value);
        }}
      >
        {chosen === NOTHING_CHOSEN ? (
          <option value={NOTHING_CHOSEN} disabled>
            {empty ? emptyText : (placeholder ?? "Choose one")}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      {description ? (
        <span id={`${id}-description`} className={styles.description}>
          {description}
        </span>
      ) : null}
      {showError ? (
        <span id={`${id}-error`} className={styles.error}>
          {errorMessage}
        </span>
      ) : null}
    </div>
  );
}
