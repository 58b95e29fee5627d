/**
 * The session page's single-key shortcuts for the review loop (issue 23): which key asks for which
 * command. WCAG 2.1.4 (character key shortcuts): a single printable key may be a shortcut only if
 * it can be turned off and never acts while the person is typing, so a key pressed in a text field
 * (or a list that picks by typed letters) or held with Ctrl, Alt or Meta is never a command, and a
 * turned-off map answers nothing at all. Shift is not a modifier here: "?" is typed with it.
 */

export const REVIEW_COMMAND = {
  nextAttempt: "next-attempt",
  previousAttempt: "previous-attempt",
  editAttempt: "edit-attempt",
  nextSession: "next-session",
  previousSession: "previous-session",
  reviewActions: "review-actions",
  help: "help",
} as const;
export type ReviewCommand = (typeof REVIEW_COMMAND)[keyof typeof REVIEW_COMMAND];

/** Each key with its command and what the help dialog says of it, in the order the dialog lists them. */
export const REVIEW_SHORTCUTS: ReadonlyArray<{ readonly key: string; readonly command: ReviewCommand; readonly description: string }> = [
  { key: "j", command: REVIEW_COMMAND.nextAttempt, description: "Next attempt" },
  { key: "k", command: REVIEW_COMMAND.previousAttempt, description: "Previous attempt" },
  { key: "e", command: REVIEW_COMMAND.editAttempt, description: "Edit the focused attempt (Enter saves, Escape cancels)" },
  { key: "n", command: REVIEW_COMMAND.nextSession, description: "Next pending session" },
  { key: "p", command: REVIEW_COMMAND.previousSession, description: "Previous pending session" },
  // Issue 31: from deep in the attempts, the review mark was 20-36 Tabs of wrap-around away.
  { key: "r", command: REVIEW_COMMAND.reviewActions, description: "Go to Mark as reviewed and Add note" },
  { key: "?", command: REVIEW_COMMAND.help, description: "Show the keyboard shortcuts" },
];

/** A key press as the page saw it; `typing` when the focus is where keys are typed or pick by letter. */
export type ShortcutKeyPress = {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
  /** An input method is composing a character: the key belongs to it. */
  readonly isComposing: boolean;
  readonly typing: boolean;
};

const BY_KEY: ReadonlyMap<string, ReviewCommand> = new Map(REVIEW_SHORTCUTS.map((shortcut) => [shortcut.key, shortcut.command]));

/** The command a key press asks for, or null: never while typing, with a modifier, or when shortcuts are off. */
export const reviewShortcutCommand = (press: ShortcutKeyPress, enabled: boolean): ReviewCommand | null => {
  if (!enabled || press.typing || press.isComposing || press.ctrlKey || press.altKey || press.metaKey) return null;
  // Case matters: Shift+J is "J", not a shortcut, so a held Shift does not act by surprise.
  return BY_KEY.get(press.key) ?? null;
};
