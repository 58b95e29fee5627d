import {
  FieldError,
  Label,
  RadioGroup as AriaRadioGroup,
  Text,
  type RadioGroupProps as AriaRadioGroupProps,
} from "react-aria-components";
import type { ReactNode } from "react";
import * as styles from "./radio-group.css.ts";

export type RadioGroupProps = Omit<AriaRadioGroupProps, "className" | "style" | "children"> & {
  label: string;
  description?: string;
  errorMessage?: string;
  /** The kit's Radio items. */
  children: ReactNode;
};

// The label is required, as for TextField. React Aria makes the group one Tab stop with arrow keys
// between the options and wires the label, description and error to the radiogroup.
export function RadioGroup({ label, description, errorMessage, children, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} className={styles.group}>
      <Label className={styles.label}>{label}</Label>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <div className={styles.options}>{children}</div>
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaRadioGroup>
  );
}
