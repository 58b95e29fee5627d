import { Radio as AriaRadio, type RadioProps as AriaRadioProps } from "react-aria-components";
import * as styles from "./radio.css.ts";

export type RadioProps = Omit<AriaRadioProps, "className" | "style" | "children"> & {
  label: string;
  /** A second, quieter line under the label (what choosing this option means). */
  description?: string;
};

// Each option is a whole 44 px-high row, so the target is large and the circle is drawn by CSS
// from React Aria's data-selected state (the native input stays, visually hidden, for forms).
export function Radio({ label, description, ...props }: RadioProps) {
  return (
    <AriaRadio {...props} className={styles.radio}>
      <span className={styles.text}>
        <span className={styles.label}>{label}</span>
        {/* The space keeps label and description apart in the accessible name; flex layout hides it. */}
        {description ? " " : null}
        {description ? <span className={styles.description}>{description}</span> : null}
      </span>
    </AriaRadio>
  );
}
