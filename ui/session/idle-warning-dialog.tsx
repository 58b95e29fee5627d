import { useEffect, useId, useState } from "react";
import {
  IDLE_WARNING_LEAD_MS,
  idleWarningAnnouncement,
  idleWarningText,
  secondsLeft,
} from "../../domain/shared/session/idle-policy.ts";
import { Button } from "../kit/button.tsx";
import { ModalDialog } from "../kit/dialog.tsx";
import * as dialogStyles from "../kit/dialog.css.ts";
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
  const descriptionId = useId();
  return (
    <ModalDialog isOpen={isOpen} onClose={onStay} title="Are you still there?" role="alertdialog" isDismissable={false} describedBy={descriptionId}>
      <IdleWarningContent descriptionId={descriptionId} onStay={onStay} onSignOut={onSignOut} />
    </ModalDialog>
  );
}

// Mounted with the dialog, so the countdown starts when the warning appears. The sign-off itself
// is timed by the machine; this only shows how long is left.
function IdleWarningContent({ descriptionId, onStay, onSignOut }: Pick<IdleWarningDialogProps, "onStay" | "onSignOut"> & { descriptionId: string }) {
  const [deadline] = useState(() => Date.now() + IDLE_WARNING_LEAD_MS);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const seconds = secondsLeft(deadline, now);

  return (
    <>
      {/* Read out once, when the dialog opens; the number then changes silently each second. */}
      <p id={descriptionId} className={dialogStyles.text}>
        {idleWarningText(seconds)}
      </p>
      {/* Changes once, at ten seconds left, so screen readers hear one reminder, not sixty. */}
      <div role="alert" className={styles.announcer}>
        {idleWarningAnnouncement(seconds)}
      </div>
      <div className={dialogStyles.actions}>
        <Button autoFocus onPress={onStay}>
          Stay signed in
        </Button>
        <Button variant="secondary" onPress={onSignOut}>
          Sign out now
        </Button>
      </div>
    </>
  );
}
