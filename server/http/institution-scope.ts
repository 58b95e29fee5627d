import { eq } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { institutions } from "../db/schema/institutions.ts";
import { type ApiFailure, apiFailure } from "./api-failure.ts";
import type { ScopeDecision } from "./open-route.ts";
import type { Principal } from "./principal.ts";

/** The one institution a route works on. */
export type InstitutionScope = { readonly institutionId: number };

const otherInstitution = (): ApiFailure => apiFailure(403, "ERROR_001", "another institution than the caller's");
export const institutionNotFound = (): ApiFailure =>
  apiFailure(404, "ERROR_030", "institution not found", { placeholders: { field_name: "institution" } });

const existing = async (db: Database, institutionId: number): Promise<ScopeDecision<InstitutionScope>> => {
  const [row] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, institutionId)).limit(1);
  return row === undefined
    ? { ok: false, failure: institutionNotFound(), reason: "unknown_institution", resourceId: String(institutionId) }
    : { ok: true, scope: { institutionId }, resourceId: String(institutionId) };
};

/**
 * The `institution-member` scope: the super administrator reaches any institution (an unknown
 * one is 404); everyone else only their own, and another, known or not, is 403 (ids cannot be probed).
 */
export const institutionMemberScope = async (db: Database, principal: Principal, institutionId: number): Promise<ScopeDecision<InstitutionScope>> => {
  if (principal.role === "super_admin") return existing(db, institutionId);
  return principal.institutionId === institutionId
    ? { ok: true, scope: { institutionId }, resourceId: String(institutionId) }
    : { ok: false, failure: otherInstitution(), reason: "other_institution", resourceId: String(institutionId) };
};

/** The `own-institution` scope for one named institution: as institutionMemberScope, but an SLP reaches none. */
export const ownInstitutionScope = async (db: Database, principal: Principal, institutionId: number): Promise<ScopeDecision<InstitutionScope>> => {
  if (principal.role === "staff") return { ok: false, failure: otherInstitution(), reason: "slp_has_no_institution_scope", resourceId: String(institutionId) };
  return institutionMemberScope(db, principal, institutionId);
};

/**
 * The `institution-admin` scope: an institution administrator their own institution only; anyone
 * else (the super administrator included: the rule is the institution's clinical policy) is 403,
 * as is another institution, known or not, so ids cannot be probed.
 */
export const institutionAdminScope = async (principal: Principal, institutionId: number): Promise<ScopeDecision<InstitutionScope>> =>
  principal.role === "institution_admin" && principal.institutionId === institutionId
    ? { ok: true, scope: { institutionId }, resourceId: String(institutionId) }
    : { ok: false, failure: otherInstitution(), reason: principal.role === "institution_admin" ? "other_institution" : "not_institution_admin", resourceId: String(institutionId) };
