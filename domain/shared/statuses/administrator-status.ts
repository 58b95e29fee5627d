import type { Result } from "../result.ts";
import { badgeToneForShownStatus, type BadgeTone } from "./badge-tone.ts";
import { actionsAllowedBy, transitionBy, type Deleted, type StatusAction, type StatusRules } from "./status-actions.ts";

/** An administrator's status as the server stores it; `archived` is a deactivated account. */
export const ADMINISTRATOR_STATUS = {
  active: "active",
  archived: "archived",
  pending: "pending",
} as const;
export type AdministratorStatus = (typeof ADMINISTRATOR_STATUS)[keyof typeof ADMINISTRATOR_STATUS];

/** The same status as people read it. */
export const SHOWN_ADMINISTRATOR_STATUS = {
  active: "active",
  inactive: "inactive",
  pending: "pending",
} as const;
export type ShownAdministratorStatus = (typeof SHOWN_ADMINISTRATOR_STATUS)[keyof typeof SHOWN_ADMINISTRATOR_STATUS];

/** A new administrator is pending until they complete their first sign-in. */
export const DEFAULT_ADMINISTRATOR_STATUS: AdministratorStatus = ADMINISTRATOR_STATUS.pending;

const SHOWN: Readonly<Record<AdministratorStatus, ShownAdministratorStatus>> = {
  active: "active",
  archived: "inactive",
  pending: "pending",
};

/** A status the server may send for an administrator. */
export const isAdministratorStatus = (value: string): value is AdministratorStatus => Object.hasOwn(SHOWN, value);

/** An archived administrator is shown as inactive; the other statuses read as they are stored. */
export const shownStatus = (status: AdministratorStatus): ShownAdministratorStatus => SHOWN[status];

/** The badge tone of a stored administrator status; an unknown status is neutral. */
export const badgeTone = (status: string): BadgeTone =>
  badgeToneForShownStatus(isAdministratorStatus(status) ? shownStatus(status) : status);

const RULES: StatusRules<AdministratorStatus> = {
  table: {
    pending: { activate: "active", deactivate: "archived", delete: "deleted" },
    active: { deactivate: "archived" },
    archived: { activate: "active", delete: "deleted" },
  },
  isStatus: isAdministratorStatus,
  label: shownStatus,
};

/** An account can be activated unless already active, deactivated while active or pending, and deleted only once not active. */
export const allowedStatusActions = (status: string): readonly StatusAction[] => actionsAllowedBy(RULES, status);

/** The stored status after an action, or ERROR_050 naming the current status when the action is not allowed. */
export const statusTransition = (status: string, action: StatusAction): Result<AdministratorStatus | Deleted> =>
  transitionBy(RULES, status, action);

/** An administrator's email may change only while the account is pending, before anyone has signed in with it. */
export const canChangeEmail = (status: string): boolean => status === ADMINISTRATOR_STATUS.pending;
