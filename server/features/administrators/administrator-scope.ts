import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { administrators } from "../../db/schema/users.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import { ownInstitutionScope } from "../../http/institution-scope.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import { selectAdministrators } from "./administrator-record.ts";

/** One administrator a route works on: their administrator row, the user behind it, their institution. */
export type OneAdministrator = { readonly administratorId: number; readonly userId: number; readonly institutionId: number };

/** The institution whose administrators a list shows; null: every institution's (the super administrator, naming none). */
export type AdministratorListScope = { readonly institutionId: number | null };

/** 404 ERROR_030 "The requested administrator was not found": unknown, deleted, or another institution's (ids cannot be probed). */
export const administratorNotFound = (): ApiFailure =>
  apiFailure(404, "ERROR_030", "administrator unknown, deleted or outside the caller's institution", { placeholders: { field_name: "administrator" } });

/**
 * The `institution-records` scope for one administrator: the super administrator reaches any
 * institution's, an institution administrator only their own institution's; another
 * institution's, an unknown or a deleted one is 404 alike.
 */
export const oneAdministratorScope = async (db: Database, principal: Principal, administratorId: number): Promise<ScopeDecision<OneAdministrator>> => {
  const resourceId = String(administratorId);
  if (principal.role !== "super_admin" && principal.institutionId === null) {
    return { ok: false, failure: administratorNotFound(), reason: "caller_without_institution", resourceId };
  }
  const inSlice = principal.role === "super_admin" || principal.institutionId === null ? undefined : eq(administrators.institutionId, principal.institutionId);
  const [row] = await selectAdministrators(db, and(eq(administrators.id, administratorId), inSlice)).limit(1);
  if (row === undefined || row.institutionId === null) return { ok: false, failure: administratorNotFound(), reason: "administrator_outside_scope", resourceId };
  return { ok: true, scope: { administratorId, userId: row.userId, institutionId: row.institutionId }, resourceId };
};

/**
 * Whose administrators a list shows: the super administrator any institution they name (an
 * unknown one is 404) or, naming none, every institution's; anyone else their own institution's,
 * and naming another is 403 (the `own-institution` scope).
 */
export const administratorListScope = async (db: Database, principal: Principal, institutionId: number | undefined): Promise<ScopeDecision<AdministratorListScope>> => {
  if (institutionId !== undefined) {
    const decided = await ownInstitutionScope(db, principal, institutionId);
    return decided.ok ? { ok: true, scope: { institutionId: decided.scope.institutionId }, resourceId: null } : decided;
  }
  if (principal.role === "super_admin") return { ok: true, scope: { institutionId: null } };
  if (principal.institutionId === null) return { ok: false, failure: apiFailure(403, "ERROR_001", "the caller has no institution"), reason: "no_institution" };
  return { ok: true, scope: { institutionId: principal.institutionId } };
};

