import { FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from "react-aria-components";
import { isBlockedNumberKey, parseNumberInput } from "../../domain/shared/validators/number-input.ts";
import * as styles from "./text-field.css.ts";

export type NumberFieldProps = Omit<AriaTextFieldProps, "className" | "style" | "children" | "value" | "onChange" | "inputMode"> & {
  readonly label: string;
  readonly description?: string;
  readonly errorMessage?: string;
  /** What was typed; `onChange` also gets it as a number (null while it is not a plain non-negative decimal). */
  readonly value: string;
  readonly onChange: (text: string, value: number | null) => void;
};

// Counts and limits (exercise settings): the keys that would type a sign or an exponent ('-', '+',
// 'e', 'E') are refused as they are pressed, and pasted text becomes a number only when it is a
// plain non-negative decimal (domain/shared/validators/number-input.ts). A text input with a
// decimal keypad rather than type="number", whose spinner and locale parsing are the problem.
export function NumberField({ label, description, errorMessage, value, onChange, ...props }: NumberFieldProps) {
  return (
    <AriaTextField
      {...props}
      value={value}
      inputMode="decimal"
      onChange={(text) => onChange(text, parseNumberInput(text))}
      onKeyDown={(event) => {
        if (isBlockedNumberKey(event.key)) event.preventDefault();
        else event.continuePropagation();
      }}
      className={styles.field}
    >
      <Label className={styles.label}>{label}</Label>
      <Input className={styles.input} />
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
