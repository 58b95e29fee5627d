import { fail, succeed, type Result } from "../shared/result.ts";
import { checkEmailChange } from "../shared/statuses/email-change.ts";
import { canChangeEmail, type PatientStatus } from "../shared/statuses/patient-status.ts";

/** The part of a patient that the edit check guards. */
export type PatientEditBefore = { readonly status: PatientStatus; readonly email: string };
/** The edit payload; status may be echoed back but never changed. */
export type PatientEditPayload = { readonly status?: string | undefined; readonly email?: string | undefined };

export const STATUS_UNCHANGED_MESSAGE = "The status cannot be changed by editing the patient";

/** Editing a patient never changes their status (ERROR_056: use activate or deactivate) and changes the email only while pending (ERROR_053). */
export const checkPatientEdit = <P extends PatientEditPayload>(before: PatientEditBefore, edit: P): Result<P> => {
  if (edit.status !== undefined && edit.status !== before.status) {
    return fail("ERROR_056", STATUS_UNCHANGED_MESSAGE, { field: "status" });
  }
  if (edit.email !== undefined) {
    const email = checkEmailChange(canChangeEmail(before.status), before.email, edit.email);
    if (!email.ok) return email;
  }
  return succeed(edit);
};
