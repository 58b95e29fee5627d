import type { Result } from "../result.ts";
import { badgeToneForShownStatus, type BadgeTone } from "./badge-tone.ts";
import { actionsAllowedBy, transitionBy, type Deleted, type StatusAction, type StatusRules } from "./status-actions.ts";

/** A staff member's (SLP's) account status. */
export const STAFF_STATUS = {
  pending: "pending",
  active: "active",
  inactive: "inactive",
} as const;
export type StaffStatus = (typeof STAFF_STATUS)[keyof typeof STAFF_STATUS];

/** A new SLP is pending until they complete their first sign-in. */
export const DEFAULT_STAFF_STATUS: StaffStatus = STAFF_STATUS.pending;

/** A status the server may send for a staff member. */
export const isStaffStatus = (value: string): value is StaffStatus => Object.hasOwn(STAFF_STATUS, value);

/** Staff statuses read as they are stored. */
export const shownStatus = (status: StaffStatus): StaffStatus => status;

/** The badge tone of a staff status; an unknown status is neutral. */
export const badgeTone = (status: string): BadgeTone => badgeToneForShownStatus(status);

const RULES: StatusRules<StaffStatus> = {
  table: {
    pending: { activate: "active", deactivate: "inactive", delete: "deleted" },
    active: { deactivate: "inactive" },
    inactive: { activate: "active", delete: "deleted" },
  },
  isStatus: isStaffStatus,
  label: shownStatus,
};

/** An SLP can be activated unless already active, deactivated while active or pending, and deleted only once not active. */
export const allowedStatusActions = (status: string): readonly StatusAction[] => actionsAllowedBy(RULES, status);

/** The status after an action, or ERROR_050 naming the current status when the action is not allowed. */
export const statusTransition = (status: string, action: StatusAction): Result<StaffStatus | Deleted> =>
  transitionBy(RULES, status, action);

/** An SLP's email may change only while the account is pending, before anyone has signed in with it. */
export const canChangeEmail = (status: string): boolean => status === STAFF_STATUS.pending;
