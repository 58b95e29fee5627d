import type { ReactNode } from "react";
import * as styles from "./alert.css.ts";

export type AlertProps = {
  /** The message; nothing (or an empty string) leaves the region empty and invisible. */
  children?: ReactNode;
  /** For aria-describedby on the input the message is about. */
  id?: string;
};

// React Aria has no alert part, so this is the kit's plain live region for a form's or a call's
// failure. It stays in the DOM while empty: screen readers announce text that appears inside an
// existing alert region reliably, whereas a region inserted together with its text is sometimes
// missed.
export function Alert({ children, id }: AlertProps) {
  const empty = children === undefined || children === null || children === "" || children === false;
  return (
    <div role="alert" id={id} className={empty ? styles.empty : styles.alert}>
      {children}
    </div>
  );
}
