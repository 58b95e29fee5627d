import { useEffect, useId, useRef } from "react";
import { Button } from "../kit/button.tsx";
import * as styles from "./conflict-panel.css.ts";

/** One field the person edited, in words: its label, the value stored now and theirs. */
export type ConflictRow = { readonly field: string; readonly label: string; readonly theirs: string; readonly mine: string };

export type ConflictPanelProps = {
  readonly rows: readonly ConflictRow[];
  /** Drop the draft and show the record as stored now. */
  readonly onShowTheirs: () => void;
  /** Save the person's values again, against the version stored now. */
  readonly onSaveMine: () => void;
  readonly isSaving?: boolean;
};

export const CONFLICT_HEADING = "Someone else changed this record";

// Shown when a save was refused because the record changed since it was opened (docs/adapters.md,
// "Concurrent edits"). The form behind it keeps everything typed until a choice is made. Focus
// moves to the heading so a screen reader reads the news before the choices; the caller moves it
// back to its form once the panel goes.
export function ConflictPanel({ rows, onShowTheirs, onSaveMine, isSaving = false }: ConflictPanelProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section role="alert" aria-labelledby={headingId} className={styles.panel}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className={styles.heading}>
        {CONFLICT_HEADING}
      </h3>
      <p>
        {rows.length === 0
          ? "It changed since you opened it, but none of the fields you edited. Save yours again, or show their version."
          : "It changed since you opened it. Your changes are not saved yet; choose which version to keep."}
      </p>
      {rows.length === 0 ? null : (
        <table className={styles.table}>
          <caption className={styles.heading}>What changed</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.cell}>
                Field
              </th>
              <th scope="col" className={styles.cell}>
                Their value
              </th>
              <th scope="col" className={styles.cell}>
                Your value
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.field}>
                <th scope="row" className={styles.cell}>
                  {row.label}
                </th>
                <td className={styles.cell}>{row.theirs}</td>
                <td className={styles.cell}>{row.mine}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onShowTheirs} isDisabled={isSaving}>
          Show their version
        </Button>
        <Button onPress={onSaveMine} isPending={isSaving}>
          Save mine again
        </Button>
      </div>
    </section>
  );
}

/** A blank value reads as "Empty" rather than as nothing at all. */
export const conflictText = (text: string): string => (text.trim() === "" ? "Empty" : text);
