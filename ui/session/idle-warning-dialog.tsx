import { useEffect, useId, useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import {
  IDLE_WARNING_LEAD_MS,
  idleWarningAnnouncement,
  idleWarningText,
  secondsLeft,
} from "../../domain/shared/session/idle-policy.ts";
import { Button } from "../kit/button.tsx";
import * as styles from "./idle-warning-dialog.css.ts";

export type IdleWarningDialogProps = {
  readonly isOpen: boolean;
  /** Stay signed in, or Escape. */
  readonly onStay: () => void;
  readonly onSignOut: () => void;
};

/**
 * "Are you still there?": an alert dialog over the page while an idle session counts down to its
 * sign-off. Focus starts on Stay signed in, Escape means the same, and clicking the backdrop does
 * nothing (an answer is needed). When it closes, focus goes back where it was.
 */
export function IdleWarningDialog({ isOpen, onStay, onSignOut }: IdleWarningDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable={false}
      onOpenChange={(open) => {
        if (!open) onStay();
      }}
      className={styles.overlay}
    >
      <Modal className={styles.modal}>
        <IdleWarningContent onStay={onStay} onSignOut={onSignOut} />
      </Modal>
    </ModalOverlay>
  );
}

// Mounted with the dialog, so the countdown starts when the warning appears. The sign-off itself
// is timed by the machine; this only shows how long is left.
function IdleWarningContent({ onStay, onSignOut }: Pick<IdleWarningDialogProps, "onStay" | "onSignOut">) {
  const descriptionId = useId();
  const [deadline] = useState(() => Date.now() + IDLE_WARNING_LEAD_MS);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const seconds = secondsLeft(deadline, now);

  return (
    <Dialog role="alertdialog" aria-describedby={descriptionId} className={styles.dialog}>
      <Heading slot="title" className={styles.heading}>
        Are you still there?
      </Heading>
      {/* Read out once, when the dialog opens; the number then changes silently each second. */}
      <p id={descriptionId} className={styles.text}>
        {idleWarningText(seconds)}
      </p>
      {/* Changes once, at ten seconds left, so screen readers hear one reminder, not sixty. */}
      <div role="alert" className={styles.announcer}>
        {idleWarningAnnouncement(seconds)}
      </div>
      <div className={styles.actions}>
        <Button autoFocus onPress={onStay}>
          Stay signed in
        </Button>
        <Button variant="secondary" onPress={onSignOut}>
          Sign out now
        </Button>
      </div>
    </Dialog>
  );
}
