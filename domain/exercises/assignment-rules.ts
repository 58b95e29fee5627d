import { catalogueMessage } from "../shared/error-catalogue.ts";
import { fail, succeed, type Result } from "../shared/result.ts";
import { isPatientStatus, PATIENT_STATUS, type PatientStatus, shownStatus } from "../shared/statuses/patient-status.ts";

/** One assignment call writes at most this many exercise levels (patients × forms): a larger one holds the database too long for everyone else, so it is split. */
export const MAX_LEVEL_WRITES_PER_ASSIGNMENT = 2_000;

/** The exercise levels an assignment writes: every form, for every patient. */
export const levelWritesOf = (patientCount: number, formCount: number): number => patientCount * formCount;

/** An assignment writes at most MAX_LEVEL_WRITES_PER_ASSIGNMENT levels; a larger one is refused on `patients` (ERROR_056) before anything is written. */
export const checkAssignmentSize = (patientCount: number, formCount: number): Result<number> => {
  const writes = levelWritesOf(patientCount, formCount);
  return writes <= MAX_LEVEL_WRITES_PER_ASSIGNMENT ? succeed(writes) : fail("ERROR_056", catalogueMessage("ERROR_056"), { field: "patients" });
};

/** The most patients one call can take with `formCount` forms each, so a screen can say how far to split. */
export const maxPatientsFor = (formCount: number): number => (formCount <= 0 ? 0 : Math.floor(MAX_LEVEL_WRITES_PER_ASSIGNMENT / formCount));

/** The patient statuses that may be given new exercises, in the order the screens list them. */
export const ASSIGNABLE_PATIENT_STATUSES: readonly PatientStatus[] = [PATIENT_STATUS.active, PATIENT_STATUS.pending];

/**
 * A patient in therapy (active) or about to start it (pending: not yet signed in to the exercise
 * app) may be given new exercises; a discharged (inactive) patient, or a status we do not know,
 * may not. Reviewing, correcting and annotating their past sessions stays allowed.
 */
export const mayReceiveAssignments = (status: string): boolean => ASSIGNABLE_PATIENT_STATUSES.some((assignable) => assignable === status);

/** A patient who may not receive new exercises fails with ERROR_050 naming their status as people read it. */
export const checkMayReceiveAssignments = (status: string): Result<PatientStatus> => {
  if (isPatientStatus(status) && mayReceiveAssignments(status)) return succeed(status);
  const shown = isPatientStatus(status) ? shownStatus(status) : status;
  return fail("ERROR_050", catalogueMessage("ERROR_050", { status: shown }), { field: "status", placeholders: { status: shown } });
};

/** What an assignment did, in words for the person who sent it: how many patients, and how many levels are new or re-prescribed. */
export const assignmentSummary = (answer: { readonly patients: number; readonly levels_created: number; readonly levels_updated: number }): { readonly title: string; readonly description: string } => {
  const levels = (count: number, word: string) => `${count} ${word} exercise ${count === 1 ? "level" : "levels"}`;
  const parts = [answer.levels_created > 0 ? levels(answer.levels_created, "new") : null, answer.levels_updated > 0 ? levels(answer.levels_updated, "updated") : null].filter((part) => part !== null);
  return {
    title: answer.patients === 1 ? "Exercises assigned" : `Exercises assigned to ${answer.patients} patients`,
    description: parts.length === 0 ? "Nothing changed." : `${parts.join(" and ")}${answer.patients === 1 ? "" : " in all"}.`,
  };
};

/** Why a patient is not offered new exercises, beside the control that would have offered them. */
export const notAssignableReason = (statusLabel: string): string => `No new exercises: the patient is ${statusLabel.toLowerCase()}. Past sessions can still be reviewed.`;
