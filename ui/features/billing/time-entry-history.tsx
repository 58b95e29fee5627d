import { instantLabel } from "../../../domain/shared/calendar/labels.ts";
import { useState } from "react";
import { ACTIVITY_LABEL } from "../../../domain/billing/time-log-panel.ts";
import { revisionLine } from "../../../domain/billing/time-entry-history-panel.ts";
import type { TimeEntry } from "../../../domain/billing/time-log-wire.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { Button } from "../../kit/button.tsx";
import { ModalDialog } from "../../kit/dialog.tsx";
import * as dialogStyles from "../../kit/dialog.css.ts";
import { QueryStatus } from "../../kit/query-status.tsx";
import { TableButton } from "../../kit/table-button.tsx";
import * as styles from "./time-log.css.ts";
import { useTimeEntryHistory } from "./use-time-log.ts";

export type TimeEntryHistoryProps = {
  readonly patientId: PatientId;
  readonly entry: TimeEntry;
  /** Names the entry for a screen reader: "Review, Mar 2, 2026, 9:00 AM". */
  readonly entryLabel: string;
  /** The institution's zone: the history names instants on the clocks the time log shows them on. */
  readonly timeZone: string;
};

// "Corrected" with a History button in the time log (issue 24, "every entry and change is
// audited"): the button opens a dialog listing the entry's corrections, newest first, each as one
// sentence (when, who, each field before → after, the reason), so a screen reader reads the whole
// change. Escape or Close shuts it and the focus goes back to the History button.
export function TimeEntryHistory({ patientId, entry, entryLabel, timeZone }: TimeEntryHistoryProps) {
  const [isOpen, setOpen] = useState(false);
  const history = useTimeEntryHistory(patientId, entry.id, isOpen);
  const count = history.data?.length ?? 0;
  return (
    <>
      <TableButton aria-label={`History of ${entryLabel}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        History
      </TableButton>
      <ModalDialog isOpen={isOpen} onClose={() => setOpen(false)} title={`History of ${entry.minutes} minutes of ${ACTIVITY_LABEL[entry.activity].toLowerCase()}`}>
        <QueryStatus query={history} loading="Loading the history…" status={history.data === undefined ? "" : `${count} ${count === 1 ? "change" : "changes"}`} />
        {history.data === undefined ? null : history.data.length === 0 ? (
          <p className={dialogStyles.text}>No correction is recorded for this entry.</p>
        ) : (
          <ol className={styles.history} aria-label="Changes, newest first">
            {history.data.map((revision) => (
              <li key={revision.id}>{revisionLine(revision, (iso) => instantLabel(iso, timeZone))}</li>
            ))}
          </ol>
        )}
        <div className={dialogStyles.actions}>
          <Button variant="secondary" autoFocus onPress={() => setOpen(false)}>
            Close
          </Button>
        </div>
      </ModalDialog>
    </>
  );
}
