import { Fragment, type ReactNode, useEffect, useRef } from "react";
import type { VersionedRecord } from "../../machines/shared/record-edit.machine.ts";
import { ConflictPanel, conflictText } from "../forms/conflict-panel.tsx";
import * as styles from "../shell/content-page.css.ts";
import { type RecordEditOptions, useRecordEdit } from "./use-record-edit.ts";

/** One field the person edited, as the feature's domain compares it: the value stored now and theirs. */
export type RecordFieldChange<F extends string, V> = { readonly field: F; readonly theirs: V; readonly mine: V };

/** What the section hands its form: the record to fill from, the save to call, and whether one is on its way. */
export type RecordEditForm<R, A extends readonly unknown[]> = {
  readonly record: R;
  readonly save: (...args: A) => Promise<void>;
  readonly isSaving: boolean;
};

export type RecordEditSectionProps<R extends VersionedRecord, D, A extends readonly unknown[], F extends string, V> = RecordEditOptions<R, D, A> & {
  /** The fields the person edited, from the record they started on, the stored one and their edit (a domain rule). */
  readonly changesOf: (started: R, current: R, mine: D) => ReadonlyArray<RecordFieldChange<F, V>>;
  /** The form's field labels, for the conflict table. */
  readonly labels: Readonly<Record<F, string>>;
  /** A field's value in words, for the conflict table. */
  readonly valueText: (field: F, value: V) => string;
  /** The feature's own form, on the record and save it is handed. */
  readonly children: (form: RecordEditForm<R, A>) => ReactNode;
};

// Editing a record in place (docs/adapters.md, "Concurrent edits"): a save names the version the
// form was filled from; if someone else changed the record meanwhile, the conflict panel shows what
// changed above the form, which keeps everything typed until the person chooses. Only "Show their
// version" starts a fresh form; saving theirs again keeps the one typed in.
export function RecordEditSection<R extends VersionedRecord, D, A extends readonly unknown[], F extends string, V>({
  changesOf,
  labels,
  valueText,
  children,
  ...options
}: RecordEditSectionProps<R, D, A, F, V>) {
  const edit = useRecordEdit(options);

  // After a choice the panel is gone and focus goes back to the form's first field.
  const form = useRef<HTMLDivElement>(null);
  const wasInConflict = useRef(false);
  useEffect(() => {
    if (edit.inConflict) wasInConflict.current = true;
    else if (wasInConflict.current) {
      wasInConflict.current = false;
      form.current?.querySelector<HTMLElement>("input:not([type=hidden])")?.focus();
    }
  }, [edit.inConflict]);

  const rows =
    edit.conflict === null
      ? null
      : changesOf(edit.started, edit.conflict.current, edit.conflict.mine).map((change) => ({
          field: change.field,
          label: labels[change.field],
          theirs: conflictText(valueText(change.field, change.theirs)),
          mine: conflictText(valueText(change.field, change.mine)),
        }));

  return (
    <div ref={form} className={styles.section}>
      {rows === null ? null : <ConflictPanel rows={rows} onShowTheirs={edit.showTheirs} onSaveMine={edit.saveMine} isSaving={edit.busy} />}
      <Fragment key={edit.reloads}>{children({ record: edit.started, save: edit.save, isSaving: edit.busy })}</Fragment>
    </div>
  );
}
