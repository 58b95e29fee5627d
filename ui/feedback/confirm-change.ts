import { announce } from "@react-aria/live-announcer";
import { showToast } from "./toast-queue.ts";

/** What every save, status change or assignment says when there was nothing to save. */
export const NOTHING_CHANGED = "Nothing changed";

export type ChangeConfirmation = {
  /** What happened, naming the record: "Correction saved for attempt 2 of Apple". */
  readonly title: string;
  readonly description?: string;
};

// The toast is seen but it is an alert dialog that a screen reader may skip while the person is
// typing elsewhere; a polite announcement reads the same words where the person is, after what
// they are hearing now. Both carry one text, so sighted and non-sighted people hear one outcome.
const spoken = ({ title, description }: ChangeConfirmation): string => (description === undefined ? title : `${title}. ${description}`);

/** Confirms a change that went through: a success toast and a polite announcement with the same words. */
export function confirmChange(confirmation: ChangeConfirmation): void {
  showToast({ title: confirmation.title, variant: "success", ...(confirmation.description === undefined ? {} : { description: confirmation.description }) });
  announce(spoken(confirmation), "polite");
}

/** A save with nothing to send still answers: "Nothing changed", never a silent close. */
export function confirmNothingChanged(description?: string): void {
  showToast({ title: NOTHING_CHANGED, variant: "default", ...(description === undefined ? {} : { description }) });
  announce(spoken({ title: NOTHING_CHANGED, ...(description === undefined ? {} : { description }) }), "polite");
}

/** Only the polite announcement, where the toast is already shown by code that does not confirm through here. */
export function announceChange(text: string): void {
  announce(text, "polite");
}
