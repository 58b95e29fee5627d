import { and, eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { PatientRecordDraft } from "../../../domain/patients/patient-record-draft.ts";
import type { PatientStatus } from "../../../domain/shared/statuses/patient-status.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { type OnePatient, patientNotFound, sliceCondition } from "../../http/patient-scope.ts";
import { replyWithFailure } from "../../http/api-failure.ts";
import { sendVersionTag } from "../../http/record-version.ts";
import { contactColumns, loadPatient } from "./patient-record.ts";
import { unlessUniqueViolation } from "../../db/unique-violation.ts";
import { PATIENT_EMAIL_INDEX } from "./patient-rules.ts";

// What the patients' write routes (patient-routes.ts, patient-status-routes.ts) share: the stored
// patient read under a row lock, the columns a draft writes, the race on the e-mail index, and
// the answer after a change.

export type PatientRouteDeps = { readonly db: Database; readonly clock: Clock };

export const PATIENT_ERRORS_403 = ["ERROR_001"] as const;
export const NOT_FOUND = { 404: ["ERROR_030"] } as const;

/** The stored patient as a draft the rules check, with its status; read under a row lock inside a change's transaction. */
export const lockedPatient = async (tx: Database, one: OnePatient): Promise<(PatientRecordDraft & { status: PatientStatus }) | undefined> => {
  const [row] = await tx
    .select({
      firstName: patients.firstName,
      lastName: patients.lastName,
      email: patients.email,
      birthdate: patients.birthdate,
      gender: patients.gender,
      staffId: patients.assignedStaffId,
      ...contactColumns,
      status: patients.status,
    })
    .from(patients)
    .where(and(eq(patients.id, one.patientId), sliceCondition(one)))
    .for("update");
  return row;
};

export const storedColumns = (draft: PatientRecordDraft) => ({
  firstName: draft.firstName,
  lastName: draft.lastName,
  email: draft.email,
  birthdate: draft.birthdate,
  gender: draft.gender,
  assignedStaffId: draft.staffId,
  address1: draft.address1,
  address2: draft.address2,
  cityId: draft.cityId,
  stateId: draft.stateId,
  countryId: draft.countryId,
  zipCode: draft.zipCode,
  phone: draft.phone,
});

/** A change that lost a race on the live-email index reads as the rule's own answer. */
export const duplicateEmailAsFailure = <A>(change: () => Promise<A>): Promise<A | { readonly duplicate: true }> =>
  unlessUniqueViolation(PATIENT_EMAIL_INDEX, change, () => ({ duplicate: true }) as const);
export const isDuplicate = (value: unknown): value is { readonly duplicate: true } =>
  typeof value === "object" && value !== null && "duplicate" in value;

/** The answer after a change: the record as GET returns it (it is in the slice: the change was), its version as the ETag. */
export const replyWithPatient = async (db: Database, reply: FastifyReply, patientId: number, status = 200): Promise<FastifyReply> => {
  const record = await loadPatient(db, patientId);
  if (record === undefined) return replyWithFailure(reply, patientNotFound());
  return sendVersionTag(reply, record.version).code(status).send(record);
};

