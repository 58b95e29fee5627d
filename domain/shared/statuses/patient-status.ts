import type { Result } from "../result.ts";
import { badgeToneForShownStatus, type BadgeTone } from "./badge-tone.ts";
import { actionsAllowedBy, transitionBy, type Deleted, type StatusAction, type StatusRules } from "./status-actions.ts";

/** A patient's account status: pending until they first sign in to the exercise app. */
export const PATIENT_STATUS = {
  active: "active",
  pending: "pending",
  inactive: "inactive",
} as const;
export type PatientStatus = (typeof PATIENT_STATUS)[keyof typeof PATIENT_STATUS];

/** A newly created patient is pending. */
export const DEFAULT_PATIENT_STATUS: PatientStatus = PATIENT_STATUS.pending;

/** A status the server may send for a patient. */
export const isPatientStatus = (value: string): value is PatientStatus => Object.hasOwn(PATIENT_STATUS, value);

/** Patient statuses read as they are stored. */
export const shownStatus = (status: PatientStatus): PatientStatus => status;

/** The badge tone of a patient status; an unknown status is neutral. */
export const badgeTone = (status: string): BadgeTone => badgeToneForShownStatus(status);

const RULES: StatusRules<PatientStatus> = {
  table: {
    // A pending patient has not started therapy: the administrator confirms them (Activate) or
    // removes a record made in error (Delete). Deactivating is for ending therapy, so it waits until
    // they are active; offering Activate and Deactivate side by side read as a contradiction (issue 23).
    pending: { activate: "active", delete: "deleted" },
    active: { deactivate: "inactive" },
    inactive: { activate: "active", delete: "deleted" },
  },
  isStatus: isPatientStatus,
  label: shownStatus,
};

/** A patient can be activated unless already active, deactivated only while active (ending therapy), and deleted only once not active (never mid-therapy). */
export const allowedStatusActions = (status: string): readonly StatusAction[] => actionsAllowedBy(RULES, status);

/** The status after an action, or ERROR_050 naming the current status when the action is not allowed. */
export const statusTransition = (status: string, action: StatusAction): Result<PatientStatus | Deleted> =>
  transitionBy(RULES, status, action);

/** A patient's email (their sign-in to the exercise app) may change only while the patient is pending. */
export const canChangeEmail = (status: string): boolean => status === PATIENT_STATUS.pending;
