import { Form as AriaForm, type FormProps as AriaFormProps } from "react-aria-components";
import * as styles from "./form.css.ts";

export type FormProps = Omit<AriaFormProps, "className" | "style">;

// React Aria's Form passes server-side `validationErrors` (keyed by field name) down to its fields
// and, with native validation, blocks submit and focuses the first invalid field.
export function Form(props: FormProps) {
  return <AriaForm {...props} className={styles.form} />;
}
