import { useEffect, useRef, useState } from "react";
import { instantLabel, monthLabel } from "../../../domain/shared/calendar/labels.ts";
import { monthOf, shiftMonth } from "../../../domain/shared/calendar/months.ts";
import { ACTIVITY_LABEL, monthTotals } from "../../../domain/billing/time-log-panel.ts";
import type { TimeEntry } from "../../../domain/billing/time-log-wire.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { Button } from "../../kit/button.tsx";
import { type DataColumn, DataTable } from "../../kit/data-table.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { TableButton } from "../../kit/table-button.tsx";
import { CallLog } from "./call-log.tsx";
import { RemoveTimeEntry } from "./remove-time-entry.tsx";
import { TimeEntryHistory } from "./time-entry-history.tsx";
import { TimeEntryForm } from "./time-entry-form.tsx";
import * as styles from "./time-log.css.ts";
import { useCanLogTime } from "../../people/use-can-log-time.ts";
import { useCalls, useTimeEntries } from "./use-time-log.ts";
import { useDeferredQuery } from "../../kit/deferred-render.tsx";

/** An entry's start on the institution's clocks, as the form shows and takes it (not the viewer's zone). */
const startLabel = (start: string, timeZone: string) => instantLabel(start, timeZone);

type Editing = { readonly kind: "none" } | { readonly kind: "add" } | { readonly kind: "edit"; readonly entry: TimeEntry } | { readonly kind: "remove"; readonly entry: TimeEntry };

// The time log and call log of the patient's billing panel (issue 24, "Screens"): a month's entries
// with the minutes billing counts (overlap once) and the code they support, and its calls. Only
// those who may log time (rtm create and update) see the controls; others read. The month is the
// institution's (its calendar's "today" as the server says it), never the viewer's clock, so a
// clinician in another zone sees the month billing counts; earlier months are a step away.
export function PatientTimeLogs({
  patientId,
  today,
  timeZone,
}: {
  readonly patientId: PatientId;
  /** The institution's calendar day, "YYYY-MM-DD" (data days' `today`). */
  readonly today: string;
  /** The institution's IANA zone (data days' `time_zone`): the forms' dates and times are on its clocks. */
  readonly timeZone: string;
}) {
  const canLog = useCanLogTime();
  const current = monthOf(today);
  const [chosen, setMonth] = useState<string | null>(null);
  // Until a month is chosen the log follows the institution's current month (it moves at its midnight).
  const month = chosen === null || chosen > current ? current : chosen;
  const previousButton = useRef<HTMLButtonElement>(null);
  // Back at the current month, "Next month" turns off and "This month" leaves: the focus stays in the bar, on "Previous month".
  const showMonth = (next: string | null) => {
    setMonth(next);
    if (next === null || next >= current) previousButton.current?.focus();
  };
  const entries = useDeferredQuery(useTimeEntries(patientId, month));
  const calls = useCalls(patientId, month);
  const [editing, setEditing] = useState<Editing>({ kind: "none" });
  const opener = useRef<HTMLElement | null>(null);

  const open = (next: Editing) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(next);
  };
  const focusBack = useRef(false);
  const close = () => {
    focusBack.current = true;
    setEditing({ kind: "none" });
  };
  // Once the form has left the page, the focus goes back to the button that opened it.
  useEffect(() => {
    if (editing.kind !== "none" || !focusBack.current) return;
    focusBack.current = false;
    if (opener.current?.isConnected === true) opener.current.focus();
  }, [editing]);

  const totals = entries.data === undefined || calls.data === undefined ? null : monthTotals(entries.data, calls.data);
  const columns: DataColumn<TimeEntry>[] = [
    { key: "activity", header: "Activity", isRowHeader: true, cell: (row) => ACTIVITY_LABEL[row.activity] },
    { key: "start", header: "Start", cell: (row) => startLabel(row.start, timeZone) },
    { key: "minutes", header: "Minutes", numeric: true, cell: (row) => row.minutes },
    { key: "note", header: "Note", cell: (row) => row.note },
    { key: "clinician", header: "Clinician", cell: (row) => `${row.clinician.first_name} ${row.clinician.last_name}` },
    {
      key: "corrected",
      header: "Corrected",
      cell: (row) =>
        row.corrected === null ? (
          ""
        ) : (
          <span className={styles.buttons}>
            <span>Corrected: {row.corrected.reason}</span>
            <TimeEntryHistory patientId={patientId} entry={row} timeZone={timeZone} entryLabel={`${ACTIVITY_LABEL[row.activity]}, ${startLabel(row.start, timeZone)}`} />
          </span>
        ),
    },
    ...(canLog
      ? [
          {
            key: "actions",
            header: "Actions",
            cell: (row: TimeEntry) => (
              <span className={styles.buttons}>
                <TableButton aria-label={`Edit ${ACTIVITY_LABEL[row.activity]}, ${startLabel(row.start, timeZone)}`} onClick={() => open({ kind: "edit", entry: row })}>
                  Edit
                </TableButton>
                <TableButton aria-label={`Remove ${ACTIVITY_LABEL[row.activity]}, ${startLabel(row.start, timeZone)}`} onClick={() => open({ kind: "remove", entry: row })}>
                  Remove
                </TableButton>
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className={styles.logs}>
      <h3 className={styles.subheading}>Time and calls, {monthLabel(month)}</h3>
      <div className={styles.monthBar} role="group" aria-label="Month of the log">
        <Button ref={previousButton} variant="secondary" onPress={() => showMonth(shiftMonth(month, -1))}>
          Previous month
        </Button>
        <span className={styles.monthName} aria-live="polite">
          {monthLabel(month)}
          {month === current ? " (this month)" : ""}
        </span>
        <Button variant="secondary" isDisabled={month === current} onPress={() => showMonth(shiftMonth(month, 1))}>
          Next month
        </Button>
        {month === current ? null : (
          <Button variant="secondary" onPress={() => showMonth(null)}>
            This month
          </Button>
        )}
      </div>
      <QueryStatus query={entries} loading="Loading the time log…" status="" busy={entries.isFetching} />
      {totals === null ? null : (
        <p className={styles.totals}>
          Treatment management this month: {totals.minutes}, {totals.codes}
          {totals.need === null ? "" : `; ${totals.need}`}.
        </p>
      )}
      {entries.data === undefined ? null : (
        <DataTable caption={`Time log, ${monthLabel(month)}`} columns={columns} rows={entries.data} rowKey={(row) => row.id} empty="No time logged this month." />
      )}
      {canLog ? (
        <div className={styles.buttons}>
          <Button variant="secondary" onPress={() => open({ kind: "add" })}>
            Add time entry
          </Button>
        </div>
      ) : null}
      {editing.kind === "add" || editing.kind === "edit" ? (
        <TimeEntryForm key={editing.kind === "edit" ? editing.entry.id : "new"} patientId={patientId} entry={editing.kind === "edit" ? editing.entry : null} timeZone={timeZone} onClose={close} />
      ) : null}
      {editing.kind === "remove" ? <RemoveTimeEntry patientId={patientId} entry={editing.entry} onClose={close} /> : null}
      <CallLog patientId={patientId} month={month} calls={calls} canLog={canLog} timeZone={timeZone} />
    </div>
  );
}
