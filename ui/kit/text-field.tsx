import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
} from "react-aria-components";
import * as styles from "./text-field.css.ts";

export type TextFieldProps = Omit<AriaTextFieldProps, "className" | "style" | "children"> & {
  label: string;
  description?: string;
  /** Shown when the field is invalid; without it the browser's or `validate`'s message shows. */
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /** Several lines (an SLP's note): a text area of this many rows instead of a one-line input. */
  rows?: number;
};

// The label is required so no input is ever unlabeled. React Aria wires the description and the
// error into the input's aria-describedby and sets aria-invalid, so a screen reader reads the error
// when focus lands on the field; on submit the form moves focus to the first invalid field.
export function TextField({ label, description, errorMessage, placeholder, rows, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className={styles.field}>
      <Label className={styles.label}>{label}</Label>
      {rows === undefined ? <Input className={styles.input} placeholder={placeholder} /> : <TextArea className={styles.input} placeholder={placeholder} rows={rows} />}
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
