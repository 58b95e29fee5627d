import { useAtom } from "jotai";
import { Switch } from "react-aria-components";
import { REVIEW_SHORTCUTS } from "../../../domain/session-review/review-shortcuts.ts";
import { Button } from "../../kit/button.tsx";
import { ModalDialog } from "../../kit/dialog.tsx";
import { reviewShortcutsEnabledAtom } from "./review-shortcuts.tsx";
import * as styles from "./review-queue.css.ts";

// The shortcuts' help is a chunk of its own (its switch is React Aria's), asked for once the session
// page has committed and shown on "?" or the Keyboard shortcuts button: not on the way to the
// page's heading (issue 35).

/** The dialog that lists the shortcuts and turns them on or off. */
export function ShortcutsHelp({ isOpen, onClose }: { readonly isOpen: boolean; readonly onClose: () => void }) {
  const [enabled, setEnabled] = useAtom(reviewShortcutsEnabledAtom);
  return (
    <ModalDialog isOpen={isOpen} onClose={onClose} title="Keyboard shortcuts" describedBy="review-shortcuts-about">
      <p id="review-shortcuts-about" className={styles.keyText}>
        Single keys for the review loop on a session page. They do nothing while you type in a field, or with Ctrl, Alt or Cmd held.
      </p>
      <dl className={styles.keys}>
        {REVIEW_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.key} className={styles.keyRow}>
            <dt>
              <kbd className={styles.key}>{shortcut.key}</kbd>
            </dt>
            <dd className={styles.keyText}>{shortcut.description}</dd>
          </div>
        ))}
      </dl>
      <Switch className={styles.switchRoot} isSelected={enabled} onChange={setEnabled}>
        <span className={styles.track} aria-hidden="true">
          <span className={styles.knob} />
        </span>
        {/* The switch itself says on or off; the words are for the eye. */}
        Single-key shortcuts <span aria-hidden="true">({enabled ? "on" : "off"})</span>
      </Switch>
      <Button variant="secondary" onPress={onClose}>
        Close
      </Button>
    </ModalDialog>
  );
}
