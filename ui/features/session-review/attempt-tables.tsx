import { Fragment, memo, type ReactNode, useLayoutEffect } from "react";
import { attemptCells, attemptColumnHeaders, groupRowsByKind } from "../../../domain/session-review/attempt-mapping/attempt-table.ts";
import type { ChallengeGroup } from "../../../domain/session-review/challenge-pages.ts";
import type { AttemptRowKind } from "../../../domain/session-review/attempt-mapping/attempt-row.ts";
import type { AttemptRow } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import { LOCKED_ROW_WORDS } from "../../../domain/session-review/locked-attempts.ts";
import type { AttemptId } from "../../../domain/shared/ids.ts";
import { AttemptEditButton, CorrectionNote, ResultCell } from "./attempt-cell.tsx";
import { measureAttemptTable } from "./render-timing.ts";
import * as styles from "./session-review.css.ts";
import { visuallyHidden } from "../../kit/visually-hidden.css.ts";

/** What the tables need to offer corrections and notes; the page wires it to the attempt-editing machine and the notes calls. */
export type AttemptTableActions = {
  readonly canCorrect: boolean;
  /** The row being corrected (one at a time), or null. */
  readonly editingId: AttemptId | null;
  readonly startEdit: (row: AttemptRow, label: string) => void;
  /** The correction form, drawn under the row being corrected. */
  readonly renderEditor: (row: AttemptRow, label: string) => ReactNode;
  readonly renderNotes: (row: AttemptRow, label: string) => ReactNode;
};

const TABLE_TITLES: Readonly<Record<AttemptRowKind, string>> = {
  naming: "Naming attempts",
  memory_grid: "Memory grid attempts",
  medication_management_image: "Medication management attempts (pictures)",
  medication_management_directions: "Medication management attempts (directions)",
  social_situations_easy: "Social situations attempts (options)",
  social_situations_open: "Social situations attempts (spoken answers)",
  verbal_fluency: "Verbal fluency attempts",
  pill_sorting: "Pill sorting attempts",
  chitchat_ai: "AI chit-chat conversations",
  parrot: "Parrot attempts",
};

/** The challenges of one page, one table per presentation; a challenge is split if its attempts were shown two ways. */
const tablesOf = (challenges: ReadonlyArray<ChallengeGroup>): ReadonlyArray<{ readonly kind: AttemptRowKind; readonly challenges: ReadonlyArray<ChallengeGroup> }> => {
  const tables = new Map<AttemptRowKind, ChallengeGroup[]>();
  for (const challenge of challenges) {
    for (const group of groupRowsByKind(challenge.rows)) {
      const list = tables.get(group.kind) ?? [];
      list.push({ number: challenge.number, rows: group.rows });
      tables.set(group.kind, list);
    }
  }
  return [...tables].map(([kind, list]) => ({ kind, challenges: list }));
};

/** The attempts of one page of challenges, one table per presentation, each grouped by challenge in the game's columns. */
export function AttemptTables({ challenges, actions }: { readonly challenges: ReadonlyArray<ChallengeGroup>; readonly actions: AttemptTableActions }) {
  useLayoutEffect(measureAttemptTable, [challenges]);
  return (
    <>
      {tablesOf(challenges).map((table) => (
        <AttemptTable key={table.kind} kind={table.kind} challenges={table.challenges} actions={actions} />
      ))}
    </>
  );
}

function AttemptTable({ kind, challenges, actions }: { readonly kind: AttemptRowKind; readonly challenges: ReadonlyArray<ChallengeGroup>; readonly actions: AttemptTableActions }) {
  const headers = attemptColumnHeaders(kind);
  const captionId = `attempts-${kind}`;
  return (
    <div className={styles.attemptScroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.attemptTable}>
        <caption id={captionId} className={styles.caption}>
          {TABLE_TITLES[kind]}
        </caption>
        <thead className={styles.attemptHead}>
          <tr>
            {headers.map((header) => (
              <th key={header.id} scope="col">
                {header.label}
              </th>
            ))}
          </tr>
        </thead>
        {challenges.map((challenge) => (
          <tbody key={challenge.rows[0]?.groupIdentifier ?? challenge.number}>
            <tr className={`${styles.challengeRow} ${styles.wholeRow}`}>
              <th colSpan={headers.length} scope="rowgroup">
                Challenge {challenge.number}
              </th>
            </tr>
            {challenge.rows.map((row, index) => {
              const label = `challenge ${challenge.number}, attempt ${index + 1}`;
              const editing = actions.editingId === row.id;
              return (
                <Fragment key={row.id}>
                  <AttemptRowView
                    row={row}
                    label={label}
                    canCorrect={actions.canCorrect}
                    editLocked={actions.editingId !== null}
                    startEdit={actions.startEdit}
                    renderNotes={actions.renderNotes}
                  />
                  {editing ? (
                    <tr className={`${styles.editorRow} ${styles.wholeRow}`}>
                      <td colSpan={headers.length}>{actions.renderEditor(row, label)}</td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}

type RowProps = {
  readonly row: AttemptRow;
  readonly label: string;
  readonly canCorrect: boolean;
  /** While any row is being corrected, no other can be opened. */
  readonly editLocked: boolean;
  readonly startEdit: (row: AttemptRow, label: string) => void;
  readonly renderNotes: (row: AttemptRow, label: string) => ReactNode;
};

// Memoised: opening a row's editor or saving a note redraws the rows whose props changed, not all 500.
const AttemptRowView = memo(function AttemptRowView({ row, label, canCorrect, editLocked, startEdit, renderNotes }: RowProps) {
  const headers = attemptColumnHeaders(row.kind);
  const cells = attemptCells(row);
  return (
    <tr className={styles.attemptRow}>
      {cells.map((cell, index) => {
        const header = headers[index];
        const key = header?.id ?? String(index);
        // On a narrow screen each row is a card and each cell names its column (data-label).
        const column = header?.label ?? "";
        if (cell.display === "slp-notes") {
          return (
            <td key={key} data-label={column}>
              {renderNotes(row, label)}
            </td>
          );
        }
        if (cell.display === "actions") {
          return (
            <td key={key} data-label={column}>
              <div className={styles.actionsCell}>
                {!cell.editable ? (
                  <span className={styles.muted}>
                    Locked<span className={visuallyHidden}>{LOCKED_ROW_WORDS}</span>
                  </span>
                ) : canCorrect ? (
                  <AttemptEditButton row={row} label={label} disabled={editLocked} onEdit={startEdit} />
                ) : null}
                {row.correction === null ? null : <CorrectionNote correction={row.correction} label={label} />}
              </div>
            </td>
          );
        }
        return (
          <td key={key} data-label={column}>
            <ResultCell cell={cell} label={`${header?.label ?? ""}, ${label}`} />
          </td>
        );
      })}
    </tr>
  );
});
