import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useDialogFocusReturn } from "./dialog-focus-return.ts";
import * as styles from "./dialog.css.ts";

export type ModalDialogProps = {
  readonly isOpen: boolean;
  /** Escape (and, when dismissable, a click on the backdrop) asks to close. */
  readonly onClose: () => void;
  readonly title: string;
  /** `alertdialog` for a question that needs an answer (sign-off warning, deleting a record). */
  readonly role?: "dialog" | "alertdialog";
  /** Whether a click outside closes it; an alert dialog waits for an answer. */
  readonly isDismissable?: boolean;
  /** The id of the text that describes it, read out when it opens. */
  readonly describedBy?: string;
  readonly children: ReactNode;
};

// React Aria's modal dialog in the portal's style: focus moves into it and stays there, Escape
// closes it, the page behind is inert to screen readers, and focus returns to what opened it, or
// to the page's heading when that is gone (useDialogFocusReturn).
export function ModalDialog({ isOpen, onClose, title, role = "dialog", isDismissable = role === "dialog", describedBy, children }: ModalDialogProps) {
  useDialogFocusReturn(isOpen);
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable={isDismissable}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className={styles.overlay}
    >
      <Modal className={styles.modal}>
        <Dialog role={role} {...(describedBy === undefined ? {} : { "aria-describedby": describedBy })} className={styles.dialog}>
          <Heading slot="title" className={styles.heading}>
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
