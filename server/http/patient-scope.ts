import { type SQL, and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { patients } from "../db/schema/patients.ts";
import { staff } from "../db/schema/users.ts";
import { type ApiFailure, apiFailure } from "./api-failure.ts";
import type { ScopeDecision } from "./open-route.ts";
import type { Principal } from "./principal.ts";

/**
 * The patients a caller reaches (the `assigned-patients` scope of server/http/route-doc.ts): an
 * institution's live patients, and for an SLP only those assigned to their own staff row.
 */
export type PatientSlice = {
  readonly institutionId: number;
  /** The SLP's own staff id; null for administrators, who reach the whole institution. */
  readonly staffId: number | null;
};

/** The platform administrator stands above institutions and sees no patient data. */
const noPatientData = (): ApiFailure => apiFailure(403, "ERROR_001", "the caller reaches no patient data");

/** A patient outside the caller's slice does not exist for them: the same answer as an unknown id. */
export const patientNotFound = (): ApiFailure =>
  apiFailure(404, "ERROR_030", "patient not found in the caller's slice", { placeholders: { field_name: "patient" } });

/**
 * The caller's own staff row: the authenticator read it with their session (Principal.staffId);
 * only a stand-in principal of a test leaves it out, and then it is looked up here.
 */
const ownStaffId = async (db: Database, principal: Principal, institutionId: number): Promise<number | null> => {
  if (principal.staffId !== undefined) return principal.staffId;
  const [own] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.userId, principal.userId), eq(staff.institutionId, institutionId)))
    .limit(1);
  return own?.id ?? null;
};

/** The caller's slice, or 403 for the super administrator and for a staff user without a staff row. */
export const sliceOf = async (db: Database, principal: Principal): Promise<ScopeDecision<PatientSlice>> => {
  const none: ScopeDecision<PatientSlice> = { ok: false, failure: noPatientData(), reason: "no_patient_scope" };
  if (principal.role === "super_admin" || principal.institutionId === null) return none;
  if (principal.role !== "staff") return { ok: true, scope: { institutionId: principal.institutionId, staffId: null } };
  const own = await ownStaffId(db, principal, principal.institutionId);
  return own === null ? none : { ok: true, scope: { institutionId: principal.institutionId, staffId: own } };
};

/** The rows of the slice: the institution's patients that are not archived, an SLP's assigned ones. */
export const sliceCondition = (slice: PatientSlice): SQL => {
  const live = and(eq(patients.institutionId, slice.institutionId), isNull(patients.archivedAt)) as SQL;
  return slice.staffId === null ? live : (and(live, eq(patients.assignedStaffId, slice.staffId)) as SQL);
};

/** One patient in the caller's slice: the slice, and the id the route names. */
export type OnePatient = PatientSlice & { readonly patientId: number };

/**
 * The scope of a route that names one patient: the caller's slice must hold it, otherwise 404
 * ERROR_030 whether it is another SLP's, another institution's, archived or unknown.
 */
export const onePatientScope = async (db: Database, principal: Principal, patientId: number): Promise<ScopeDecision<OnePatient>> => {
  const slice = await sliceOf(db, principal);
  if (!slice.ok) return { ...slice, resourceId: String(patientId) };
  const [found] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), sliceCondition(slice.scope)))
    .limit(1);
  if (found === undefined) return { ok: false, failure: patientNotFound(), reason: "outside_scope", resourceId: String(patientId) };
  return { ok: true, scope: { ...slice.scope, patientId }, resourceId: String(patientId) };
};
