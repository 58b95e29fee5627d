import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { useDialogFocusReturn } from "./dialog-focus-return.ts";

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

const loadBody = () => import("./modal-dialog-body.tsx");
const ModalDialogBody = lazy(() => loadBody().then((module) => ({ default: module.ModalDialogBody })));

/**
 * The portal's modal dialog (ModalDialogBody: React Aria's, in the portal's style). Its code, with
 * React Aria's overlay, focus-scope and dialog parts (about 12 kB gzip), is a chunk of its own
 * (issue 35): a page with a Delete or an image button does not wait for it before its heading.
 * The chunk is asked for once the page that holds a dialog has committed, so it is there by the
 * time anyone presses the button; should it not be, the dialog opens the moment it arrives, and
 * the button keeps the focus meanwhile. The focus returns to the page's heading when what opened
 * the dialog is gone (useDialogFocusReturn).
 */
export function ModalDialog(props: ModalDialogProps) {
  useDialogFocusReturn(props.isOpen);
  useEffect(() => {
    void loadBody();
  }, []);
  if (!props.isOpen) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialogBody {...props} />
    </Suspense>
  );
}
