import { memo, useState } from "react";
import { editableFieldsFor } from "../../../domain/session-review/attempt-edit.ts";
import type { AttemptRow } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import type { AttemptCell } from "../../../domain/session-review/attempt-mapping/attempt-columns.ts";
import type { AttemptCorrectionView } from "../../../domain/session-review/attempt-mapping/attempt-row.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { NOT_AVAILABLE } from "../../../domain/shared/format/percentage.ts";
import { fullNameOrNotSpecified } from "../../../domain/shared/format/names.ts";
import { AudioPlayer } from "../../kit/audio-player.tsx";
import { ImageDialogButton, ResultImage } from "../../kit/image-dialog-button.tsx";
import { TableButton } from "../../kit/table-button.tsx";
import * as styles from "./session-review.css.ts";

/** Correct and Wrong are said in words, with a mark beside them, never by colour alone. */
export const RESULT_WORDS = { correct: "Correct", wrong: "Wrong" } as const;

/**
 * The attempt's edit action in words that cannot be read as a result: "Edit score" where the score
 * can be corrected (the result with it), "Edit result" where only the result can (Parrot, AI
 * chit-chat); never "Correct", which sits beside the result "✓ Correct".
 */
export const attemptEditAction = (row: Pick<AttemptRow, "kind">): string =>
  editableFieldsFor(row.kind).some((field) => field.name === "score") ? "Edit score" : "Edit result";

/** The edit action's accessible name, naming the attempt: "Edit score of challenge 1, attempt 2". */
export const attemptEditName = (row: Pick<AttemptRow, "kind">, label: string): string => `${attemptEditAction(row)} of ${label}`;

/**
 * The row's edit button (attempt-tables draws it in the actions cell): says what it edits, names
 * the attempt, and carries `data-edit-attempt` so the focus comes back to it when its editor closes.
 */
export function AttemptEditButton({ row, label, disabled, onEdit }: { readonly row: AttemptRow; readonly label: string; readonly disabled: boolean; readonly onEdit: (row: AttemptRow, label: string) => void }) {
  return (
    <TableButton data-edit-attempt={row.id} disabled={disabled} onClick={() => onEdit(row, label)} aria-label={attemptEditName(row, label)}>
      {attemptEditAction(row)}
    </TableButton>
  );
}

/** One result cell in its display kind (spec section 3); notes and actions are drawn by the row. */
export const ResultCell = memo(function ResultCell({ cell, label }: { readonly cell: AttemptCell; readonly label: string }) {
  switch (cell.display) {
    case "text":
      return <>{cell.text}</>;
    case "audio":
      return cell.url === null ? <>{NOT_AVAILABLE}</> : <AudioPlayer url={cell.url} label={label} />;
    case "image":
      return cell.url === null ? <>{cell.alt}</> : <ResultImage url={cell.url} alt={cell.alt} />;
    case "image-dialog":
      return cell.url === null ? <>{cell.alt}</> : <ImageDialogButton url={cell.url} alt={cell.alt} />;
    case "boolean":
      return cell.value === null ? (
        <>{NOT_AVAILABLE}</>
      ) : (
        <span className={cell.value ? styles.correct : styles.wrong}>
          <span aria-hidden="true">{cell.value ? "✓ " : "✗ "}</span>
          {cell.value ? RESULT_WORDS.correct : RESULT_WORDS.wrong}
        </span>
      );
    case "slp-notes":
    case "actions":
      return null;
  }
});

const resultWord = (value: boolean | null): string => (value === null ? NOT_AVAILABLE : value ? RESULT_WORDS.correct : RESULT_WORDS.wrong);

/** "Corrected by … on …", with the machine's original values behind a disclosure button. */
export function CorrectionNote({ correction, label }: { readonly correction: AttemptCorrectionView; readonly label: string }) {
  const [open, setOpen] = useState(false);
  const original = correction.original;
  return (
    <div className={styles.correction}>
      <span>
        Corrected by {fullNameOrNotSpecified(correction.correctedBy.firstName, correction.correctedBy.lastName)} on {formatDateTime(correction.correctedAt)}
      </span>
      <TableButton aria-expanded={open} onClick={() => setOpen((shown) => !shown)} aria-label={`${open ? "Hide" : "Show"} original of ${label}`}>
        {open ? "Hide original" : "Show original"}
      </TableButton>
      {open ? (
        <dl className={styles.original}>
          <dt>Original score</dt>
          <dd>{original.score === null ? NOT_AVAILABLE : String(original.score)}</dd>
          <dt>Original result</dt>
          <dd>{resultWord(original.isCorrect)}</dd>
          {original.transcription === null ? null : (
            <>
              <dt>Original transcription</dt>
              <dd>{original.transcription}</dd>
            </>
          )}
          {original.words === null ? null : (
            <>
              <dt>Original list of words</dt>
              <dd>{original.words.join(", ") || NOT_AVAILABLE}</dd>
            </>
          )}
          {original.wrongWords === null ? null : (
            <>
              <dt>Original wrong attempts</dt>
              <dd>{original.wrongWords.join(", ") || NOT_AVAILABLE}</dd>
            </>
          )}
        </dl>
      ) : null}
    </div>
  );
}
