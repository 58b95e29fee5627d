import type { AuditOutcomeName, AuditSort } from "./audit-vocabulary.ts";

/**
 * How the audit viewer names the trail's words (issue 38, docs/audit-viewer.md): the actions and
 * record kinds a filter offers, the outcomes and the sortable columns. A word without a label
 * (a kind added later) is shown as the trail writes it.
 */

/** The actions a filter offers, in the order a reviewer looks for them. */
export const ACTION_LABEL: Readonly<Record<string, string>> = {
  read: "Read",
  create: "Create",
  update: "Update",
  partial_update: "Edit",
  delete: "Delete",
  export: "Export",
  activate: "Activate",
  inactivate: "Deactivate",
  archive: "Archive",
  assign_game: "Assign exercise",
  reassign: "Reassign",
  "auth.password": "Sign-in (password)",
  "auth.mfa": "Sign-in (second factor)",
  "auth.lockout": "Account locked",
  "auth.sign_out": "Sign-out",
  "auth.password_change": "Password change",
  "auth.password_reset": "Password reset",
  "auth.mfa_enrolment": "Second factor added",
  "auth.mfa_removed": "Second factor removed",
  "auth.sessions_revoked": "Sessions ended",
};

/** The record kinds a filter offers. */
export const KIND_LABEL: Readonly<Record<string, string>> = {
  patient: "Patient",
  game_session: "Session",
  game_sessions: "Session list",
  game_attempt: "Attempt",
  attempt_note: "Note",
  patient_dashboard: "Patient dashboard",
  rtm_month: "Billing month",
  rtm_time_entry: "Time entry",
  chat_message: "Chat message",
  staff: "SLP",
  administrator: "Administrator",
  institution: "Institution",
  auth_session: "Sign-in session",
  user: "User account",
  audit_log: "Audit log",
  audit_review: "Audit review",
  audit_patient_access: "Who accessed report",
  audit_person_activity: "Person activity report",
};

export const OUTCOME_LABEL: Readonly<Record<AuditOutcomeName, string>> = { success: "Allowed", denied: "Refused", failure: "Failed" };

export const SORT_LABEL: Readonly<Record<AuditSort, string>> = { time: "Time", person: "Person", action: "Action", kind: "Record kind", outcome: "Outcome", ip: "IP address" };

/** An action as a reviewer reads it. */
export const actionLabel = (action: string): string => ACTION_LABEL[action] ?? action;

/** A record kind as a reviewer reads it. */
export const kindLabel = (kind: string): string => KIND_LABEL[kind] ?? kind;
