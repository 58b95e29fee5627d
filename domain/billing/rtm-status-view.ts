// What the /rtm list says about statuses (issue 24): the status filter's choices, the order a status
// sort names, and the progress of statuses still being worked out, all in words.
import { BILLING_STATUSES, type BillingStatus } from "./billing-status.ts";

/** "At risk": a status as a choice or a heading. */
export const statusLabel = (status: BillingStatus): string => `${status.charAt(0).toUpperCase()}${status.slice(1)}`;

/** The status filter's choices, in the list's status order. */
export const STATUS_CHOICES: readonly { readonly id: BillingStatus; readonly label: string }[] = BILLING_STATUSES.map((status) => ({ id: status, label: statusLabel(status) }));

/** Whether `text` (from the address) is a status the list can filter on. */
export const isBillingStatus = (text: string | null): text is BillingStatus => text !== null && (BILLING_STATUSES as readonly string[]).includes(text);

const grouped = (count: number): string => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * "Working out statuses: 1,200 of 100,000 patients" while some of the list's statuses are not known
 * yet (the page then holds only the known ones), or null once all are.
 */
export const statusProgressText = (pending: number | undefined, total: number | undefined): string | null =>
  pending === undefined || total === undefined || pending <= 0
    ? null
    : `Working out statuses: ${grouped(total - pending)} of ${grouped(total)} patients. The list shows the patients worked out so far.`;
