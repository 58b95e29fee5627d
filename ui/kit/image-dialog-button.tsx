import { useState } from "react";
import { Button } from "./button.tsx";
import { ModalDialog } from "./dialog.tsx";
import * as styles from "./image-dialog-button.css.ts";

export type ImageDialogButtonProps = {
  readonly url: string;
  /** What the image shows; its text alternative and the dialog's title. */
  readonly alt: string;
};

// A thumbnail that opens the full image in a modal dialog. The button is named by the image's
// text alternative, so a screen reader hears "Show image: apple"; focus returns to it on close.
export function ImageDialogButton({ url, alt }: ImageDialogButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.thumbnailButton} aria-label={`Show image: ${alt}`} onClick={() => setOpen(true)}>
        <img src={url} alt="" className={styles.thumbnail} loading="lazy" />
        <span className={styles.caption}>{alt}</span>
      </button>
      {/* Mounted only while open: a table holds one of these per attempt, and a closed React Aria
          overlay still runs its hooks. */}
      {open ? (
        <ModalDialog isOpen onClose={() => setOpen(false)} title={alt}>
          <img src={url} alt={alt} className={styles.large} />
          <div>
            <Button variant="secondary" onPress={() => setOpen(false)}>
              Close
            </Button>
          </div>
        </ModalDialog>
      ) : null}
    </>
  );
}

/** A plain image with its text alternative (the 'image' result display). */
export function ResultImage({ url, alt }: ImageDialogButtonProps) {
  return <img src={url} alt={alt} className={styles.thumbnail} loading="lazy" />;
}
