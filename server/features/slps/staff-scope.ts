import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { staff, users } from "../../db/schema/users.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";

/** One SLP a route names, in the caller's institution: their staff row, account and institution. */
export type OneStaff = { readonly institutionId: number; readonly staffId: number; readonly userId: number };

const noInstitution = (): ApiFailure => apiFailure(403, "ERROR_001", "the caller has no institution");

/** An SLP outside the caller's institution does not exist for them: the same answer as an unknown or deleted id. */
export const staffNotFound = (): ApiFailure =>
  apiFailure(404, "ERROR_030", "staff member not found in the caller's institution", { placeholders: { field_name: "staff" } });

/**
 * `own-institution` without an institution in the request: the caller's own. Only administrators
 * hold staff permissions; one without an institution has no staff to see or invite.
 */
export const ownInstitution = (principal: Principal): ScopeDecision<number> =>
  principal.institutionId === null ? { ok: false, failure: noInstitution(), reason: "no_institution" } : { ok: true, scope: principal.institutionId };

/**
 * The `institution-records` scope of a route that names one SLP: a living SLP of the caller's
 * institution, else 404 ERROR_030 whether the id is another institution's, deleted or unknown.
 */
export const oneStaffScope = async (db: Database, principal: Principal, staffId: number): Promise<ScopeDecision<OneStaff>> => {
  const resourceId = String(staffId);
  if (principal.institutionId === null) return { ok: false, failure: noInstitution(), reason: "no_institution", resourceId };
  const [found] = await db
    .select({ userId: staff.userId })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .where(and(eq(staff.id, staffId), eq(staff.institutionId, principal.institutionId), isNull(users.archivedAt)))
    .limit(1);
  if (found === undefined) return { ok: false, failure: staffNotFound(), reason: "outside_scope", resourceId };
  return { ok: true, scope: { institutionId: principal.institutionId, staffId, userId: found.userId }, resourceId };
};
