import { type BadgeTone, badgeToneForShownStatus } from "../../domain/shared/statuses/badge-tone.ts";
import * as styles from "./status-badge.css.ts";

export type StatusBadgeProps = {
  /** The status as shown (active, inactive, pending, …): its words and its tone. */
  readonly status: string;
  /** Other words than the status itself (e.g. "Pending review"); the tone still follows `status`. */
  readonly label?: string;
  /** A tone other than the status's own. */
  readonly tone?: BadgeTone;
};

// Spec section 4's status badges, in the tones of domain/shared/statuses/badge-tone.ts: active reads
// as good, inactive as a warning, pending as information, anything else neutral.
export function StatusBadge({ status, label, tone }: StatusBadgeProps) {
  const shownTone = tone ?? badgeToneForShownStatus(status);
  return (
    <span className={styles.tone[shownTone]} data-tone={shownTone}>
      {label ?? status}
    </span>
  );
}
