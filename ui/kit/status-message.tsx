import type { ReactNode } from "react";
import * as styles from "./status-message.css.ts";

export type StatusMessageProps = {
  /** The news; nothing leaves the region empty and invisible. */
  children?: ReactNode;
  /** Marks the region busy while what it reports on is still loading. */
  busy?: boolean;
};

// React Aria has no status part: a polite live region for news that is not an error ("Code sent",
// "Copied", "Loading…"). Like Alert it stays in the DOM so its changes are announced.
export function StatusMessage({ children, busy }: StatusMessageProps) {
  const empty = children === undefined || children === null || children === "" || children === false;
  return (
    <div role="status" aria-busy={busy === true ? true : undefined} className={empty ? styles.empty : styles.status}>
      {children}
    </div>
  );
}
