import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { apiFailure } from "../../http/api-failure.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import type { AuditVisibility } from "./audit-queries.ts";

/**
 * Whose audit rows a caller reaches (issue 38, docs/audit-viewer.md "Who sees what"), the route
 * doc's `own-institution` scope: an institution administrator their institution's rows; the super
 * administrator the institution-level rows of every institution (never a row about a patient);
 * anyone else nothing (the permission table already refuses SLPs and staff administrators, 403).
 * A patient named by the request must be one of the caller's institution: another institution's,
 * or an unknown id, is the 403 of another institution, so ids cannot be probed. The super
 * administrator may name any: their rows hold no patient, so the answer is empty.
 */
export const auditScope = async (db: Database, principal: Principal, patientId?: number): Promise<ScopeDecision<AuditVisibility>> => {
  if (principal.role === "super_admin") return { ok: true, scope: { kind: "platform" } };
  const institutionId = principal.institutionId;
  if (principal.role !== "institution_admin" || institutionId === null) {
    return { ok: false, failure: apiFailure(403, "ERROR_001", "only administrators read the audit log"), reason: "not_an_administrator" };
  }
  if (patientId !== undefined) {
    const [row] = await db.select({ institutionId: patients.institutionId }).from(patients).where(eq(patients.id, patientId)).limit(1);
    if (row?.institutionId !== institutionId) {
      return { ok: false, failure: apiFailure(403, "ERROR_001", "a patient of another institution"), reason: "other_institution", resourceId: String(patientId) };
    }
  }
  return { ok: true, scope: { kind: "institution", institutionId } };
};
