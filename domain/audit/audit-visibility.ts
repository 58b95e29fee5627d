/**
 * Which rows of the trail a caller's viewer shows (issue 38, docs/audit-viewer.md "Who sees what").
 * An institution administrator sees every row of their institution. The super administrator stands
 * above institutions and holds nothing on patient data (docs/permissions.md): they see only the
 * rows about institutions, their administrators and sign-ins, never a row about a patient, a
 * session or a note, whoever wrote it.
 */
export const INSTITUTION_LEVEL_KINDS = ["institution", "institution_games", "administrator", "auth_session", "user", "audit_log", "audit_review"] as const;

/** Whether the super administrator's viewer may show a row of this record kind. */
export const isInstitutionLevelKind = (kind: string): boolean => (INSTITUTION_LEVEL_KINDS as readonly string[]).includes(kind);

/**
 * The record kind of the rows that are about one patient's record. Until the trail carries the
 * patient of every row (issue 38, "What is recorded"), a patient is found by its own rows.
 */
export const PATIENT_KIND = "patient";
