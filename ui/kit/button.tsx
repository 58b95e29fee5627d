import type { Ref } from "react";
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components";
import * as styles from "./button.css.ts";
import { usePendingAnnouncementCleanup } from "./use-pending-announcement-cleanup.ts";

export type ButtonVariant = keyof typeof styles.button;

export type ButtonProps = Omit<AriaButtonProps, "className" | "style"> & {
  /** primary: the one main action of a view; destructive: deletes or deactivates something. */
  variant?: ButtonVariant;
  /** For a part that hands the focus to this button (the pager when one end is reached). */
  ref?: Ref<HTMLButtonElement>;
};

// Styling comes only from the variant: a page that needs another look asks for a new variant,
// so every button in the portal keeps the 44 px height and the same focus ring.
export function Button({ variant = "primary", ...props }: ButtonProps) {
  usePendingAnnouncementCleanup(props.isPending === true);
  return <AriaButton {...props} className={styles.button[variant]} />;
}
