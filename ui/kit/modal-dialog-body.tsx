import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import type { ModalDialogProps } from "./dialog.tsx";
import * as styles from "./dialog.css.ts";

// React Aria's modal dialog in the portal's style: focus moves into it and stays there, Escape
// closes it, the page behind is inert to screen readers, and focus returns to what opened it.
// A lazy chunk of its own, loaded by ModalDialog (./dialog.tsx).
export function ModalDialogBody({ isOpen, onClose, title, role = "dialog", isDismissable = role === "dialog", describedBy, children }: ModalDialogProps) {
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
