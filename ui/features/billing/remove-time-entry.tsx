import { useState } from "react";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import { ACTIVITY_LABEL } from "../../../domain/billing/time-log-panel.ts";
import type { TimeEntry } from "../../../domain/billing/time-log-wire.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { isStaleVersionFailure } from "../../../domain/shared/record-conflict.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { ConfirmationDialog } from "../../kit/confirmation-dialog.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { useDeleteTimeEntry } from "./use-time-log.ts";

// Removing an entry asks why (the removal is kept for the audit) in a confirmation dialog that
// names the entry; the reason is required, its message sits under the field and takes the focus.
export function RemoveTimeEntry({ patientId, entry, onClose }: { readonly patientId: PatientId; readonly entry: TimeEntry; readonly onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const { ref: focusRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(error);
  const remove = useDeleteTimeEntry(patientId);
  const name = `${entry.minutes} minutes of ${ACTIVITY_LABEL[entry.activity].toLowerCase()}`;

  const confirm = () => {
    armFocus();
    if (reason.trim() === "") {
      setError("Say why the entry is removed.");
      return;
    }
    remove.mutateAsync({ entryId: entry.id, body: { reason: reason.trim(), version: entry.version } }).then(
      () => {
        confirmChange({ title: `Entry removed: ${name}` });
        onClose();
      },
      (failure: unknown) => {
        if (isStaleVersionFailure(failure)) setAlert("Someone else changed this entry meanwhile. The log has been reloaded: check it before removing.");
        else if (isApiFailure(failure) && failure.field === "reason") setError(failure.message);
        else setAlert(failureMessage(failure));
      },
    );
  };

  return (
    <ConfirmationDialog isOpen title={`Remove ${name}?`} confirmLabel="Remove" destructive isPending={remove.isPending} onConfirm={confirm} onCancel={onClose}>
      <div ref={focusRef}>
        <p>The entry leaves the log and the month's minutes; it is kept for the audit with your reason.</p>
        <Alert>{alert}</Alert>
        <TextField
          label="Reason for the removal"
          rows={2}
          isRequired
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
          isInvalid={error !== null}
          {...(error === null ? {} : { errorMessage: error })}
        />
      </div>
    </ConfirmationDialog>
  );
}
