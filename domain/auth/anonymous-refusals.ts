/**
 * Refused attempts that name no account (a sign-in for an unknown address, a reset or invitation
 * link that leads nowhere, a made-up device token) say nothing about any patient or person, and a
 * flood of them must not fill the audit trail: they are counted per address, kind and hour
 * instead of written one row each (issue 31). An attempt that names a real account keeps its row.
 */

/** How long one counted summary of anonymous refusals runs: an hour, from the top of the hour (UTC). */
export const ANONYMOUS_REFUSAL_WINDOW_MS = 3_600_000;

/** The start of the summary window an anonymous refusal at `at` is counted in. */
export const anonymousRefusalWindow = (at: Date): Date =>
  new Date(Math.floor(at.getTime() / ANONYMOUS_REFUSAL_WINDOW_MS) * ANONYMOUS_REFUSAL_WINDOW_MS);

/** Whether an audited attempt is counted in a summary rather than kept as its own row: refused, and no account known. */
export const isAnonymousRefusal = <Event extends { readonly userId: number | null; readonly outcome: string }>(
  event: Event,
): event is Event & { readonly userId: null; readonly outcome: Exclude<Event["outcome"], "success"> } => event.userId === null && event.outcome !== "success";
