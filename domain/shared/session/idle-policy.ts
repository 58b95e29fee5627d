/**
 * How long a signed-in session may sit unused (spec sections 4 and 9, docs/session.md). The server
 * (server/auth/auth-policy.ts) and the browser's automatic sign-off both read these values, so the
 * two clocks cannot drift apart by a later edit on one side only.
 */
const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/** A session ends after 30 minutes without an authenticated call, a token refresh or, in the browser, any use of the page. */
export const IDLE_TIMEOUT_MS = 30 * MINUTE;

/** The person is warned this long before an idle session is signed off, and can choose to stay. */
export const IDLE_WARNING_LEAD_MS = 60 * SECOND;

/**
 * While the person is using the page, the browser tells the server (a token refresh) at most this
 * often, so reading a long page without calls does not let the server end the session early.
 */
export const KEEP_ALIVE_INTERVAL_MS = 5 * MINUTE;

/** The screen-reader countdown speaks again when this many seconds are left (and not every second). */
export const FINAL_ANNOUNCEMENT_SECONDS = 10;

/** How long after the last activity the warning appears: the idle limit less the warning lead. */
export const IDLE_WARNING_AFTER_MS = IDLE_TIMEOUT_MS - IDLE_WARNING_LEAD_MS;

/** Whole seconds left before sign-off, rounded up so "0" shows only once the time is really up, and never negative. */
export const secondsLeft = (deadlineMs: number, nowMs: number): number =>
  Math.max(0, Math.ceil((deadlineMs - nowMs) / SECOND));

/** "1 second" / "N seconds": the countdown's unit agrees with its number. */
export const secondsText = (seconds: number): string => `${seconds} ${seconds === 1 ? "second" : "seconds"}`;

/** The warning's sentence: when the sign-off happens, and why (the patients' privacy on a shared computer). */
export const idleWarningText = (seconds: number): string =>
  `For your patients' privacy, you will be signed out in ${secondsText(seconds)}.`;

/**
 * What the screen-reader live region should hold with `seconds` left: nothing until the final ten
 * seconds, then one fixed reminder. The text changes once, so it is announced once, not every tick
 * (the dialog itself is read out when it opens).
 */
export const idleWarningAnnouncement = (seconds: number): string =>
  seconds <= FINAL_ANNOUNCEMENT_SECONDS
    ? `${secondsText(FINAL_ANNOUNCEMENT_SECONDS)} or less before you are signed out. Choose Stay signed in to keep working.`
    : "";

/** What the sign-in page tells someone whose session was signed off for idleness, so they know why they are there. */
export const IDLE_SIGNED_OUT_NOTICE = {
  title: "You were signed out",
  description: `For your patients' privacy, you were signed out after ${IDLE_TIMEOUT_MS / MINUTE} minutes without activity.`,
} as const;
