import { FieldError, Label, Text, TextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from "react-aria-components";
import * as styles from "./text-field.css.ts";

export type TextAreaFieldProps = Omit<AriaTextFieldProps, "className" | "style" | "children"> & {
  readonly label: string;
  readonly description?: string;
  readonly errorMessage?: string;
  readonly rows?: number;
};

// TextField's multi-line sibling (an SLP's note): same label, description and error wiring.
export function TextAreaField({ label, description, errorMessage, rows = 3, ...props }: TextAreaFieldProps) {
  return (
    <AriaTextField {...props} className={styles.field}>
      <Label className={styles.label}>{label}</Label>
      <TextArea className={styles.input} rows={rows} />
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
