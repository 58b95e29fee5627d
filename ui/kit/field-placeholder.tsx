import { type ReactNode, useId } from "react";
import * as styles from "./text-field.css.ts";

export type FieldPlaceholderProps = {
  readonly label: string;
  /** What the real field will show (the typed text, the date as MM/dd/yyyy). */
  readonly text: string;
  readonly description?: string;
  readonly errorMessage?: string;
  readonly isRequired?: boolean;
  readonly isInvalid?: boolean;
  /** Told when the placeholder gains or loses the focus, so the real field can take it over. */
  readonly onFocusChange: (focused: boolean) => void;
  readonly autoFocus?: boolean;
  readonly inputClassName?: string;
  /** The box around the input and `children` (the combo box's trigger row). */
  readonly wrapperClassName?: string;
  /** Drawn beside the input, hidden from assistive technology (the combo box's arrow). */
  readonly children?: ReactNode;
};

/**
 * Holds a field's place while its code arrives (ui/kit/lazy-field.ts): the same label,
 * description, error and size, a read-only input with the value, marked busy. Focusable, so tabbing
 * through a form that is still loading stops where the field will be; the real field takes the
 * focus over when it replaces it.
 */
export function FieldPlaceholder(props: FieldPlaceholderProps) {
  const { label, text, description, errorMessage, isRequired, isInvalid, onFocusChange, autoFocus, inputClassName, wrapperClassName, children } = props;
  const id = useId();
  const describedBy = [description ? `${id}-description` : null, isInvalid && errorMessage ? `${id}-error` : null].filter((part) => part !== null);
  const input = (
    <input
      id={`${id}-input`}
      className={inputClassName ?? styles.input}
      value={text}
      readOnly
      autoFocus={autoFocus}
      aria-busy="true"
      aria-required={isRequired === true ? true : undefined}
      aria-invalid={isInvalid === true ? true : undefined}
      aria-describedby={describedBy.length === 0 ? undefined : describedBy.join(" ")}
      onFocus={() => onFocusChange(true)}
      onBlur={() => onFocusChange(false)}
    />
  );
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}-input`}>
        {label}
      </label>
      {wrapperClassName === undefined ? (
        input
      ) : (
        <div className={wrapperClassName}>
          {input}
          {children}
        </div>
      )}
      {description ? (
        <span id={`${id}-description`} className={styles.description}>
          {description}
        </span>
      ) : null}
      {isInvalid && errorMessage ? (
        <span id={`${id}-error`} className={styles.error}>
          {errorMessage}
        </span>
      ) : null}
    </div>
  );
}
