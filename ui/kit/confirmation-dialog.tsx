import { type ReactNode, useId } from "react";
import { Button } from "./button.tsx";
import { ModalDialog } from "./dialog.tsx";
import * as styles from "./dialog.css.ts";

export type ConfirmationDialogProps = {
  readonly isOpen: boolean;
  /** The question, naming what it acts on: "Delete Ann Lee?". */
  readonly title: string;
  /** What happens if the person confirms. */
  readonly children: ReactNode;
  readonly confirmLabel: string;
  readonly cancelLabel?: string;
  /** Destructive actions (delete, deactivate) show their button in the destructive style. */
  readonly destructive?: boolean;
  /** While the action runs the confirm button waits and the dialog stays. */
  readonly isPending?: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
};

// "Are you sure?" before an action that is hard to undo (spec: activate, deactivate, delete behind
// a confirmation that names the record). An alert dialog: focus starts on Cancel, the safe answer,
// so a stray Enter never confirms; Escape cancels; the outcome is the caller's to announce.
export function ConfirmationDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  destructive = false,
  isPending = false,
  onConfirm,
  onCancel,
}: ConfirmationDialogProps) {
  const descriptionId = useId();
  return (
    <ModalDialog isOpen={isOpen} onClose={onCancel} title={title} role="alertdialog" describedBy={descriptionId}>
      <div id={descriptionId} className={styles.text}>
        {children}
      </div>
      <div className={styles.actions}>
        <Button variant={destructive ? "destructive" : "primary"} isPending={isPending} onPress={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" autoFocus onPress={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
