import type { RoleCode } from "../../domain/shared/roles.ts";
import { roleAllows } from "../../domain/shared/permissions/role-permissions.ts";
import type { RouteAccess } from "../../server/http/route-access.ts";
import { isPreAuth, isProtected, isSignedIn } from "../../server/http/route-access.ts";
import type { TenantScope } from "../../server/http/route-doc.ts";

/** The callers the access matrix tries every route as (issue 10). */
export const MATRIX_PRINCIPALS = [
  "anonymous",
  "pre-authenticated",
  "super admin",
  "institution admin (owning)",
  "institution admin (other)",
  "staff admin",
  "SLP (assigned)",
  "SLP (not assigned)",
] as const;
export type MatrixPrincipal = (typeof MATRIX_PRINCIPALS)[number];

/** Who each caller is: role and whether their institution is the one that owns the records asked for. */
export const PRINCIPAL_FACTS: Readonly<Record<MatrixPrincipal, { readonly role: RoleCode | null; readonly owningInstitution: boolean; readonly assigned: boolean }>> = {
  anonymous: { role: null, owningInstitution: false, assigned: false },
  "pre-authenticated": { role: null, owningInstitution: true, assigned: false },
  "super admin": { role: "super_admin", owningInstitution: false, assigned: false },
  "institution admin (owning)": { role: "institution_admin", owningInstitution: true, assigned: false },
  "institution admin (other)": { role: "institution_admin", owningInstitution: false, assigned: false },
  "staff admin": { role: "staff_admin", owningInstitution: true, assigned: false },
  "SLP (assigned)": { role: "staff", owningInstitution: true, assigned: true },
  "SLP (not assigned)": { role: "staff", owningInstitution: true, assigned: false },
};

/** The owner of an `own-record` route's record in the matrix (its path id is theirs). */
export const RECORD_OWNER: MatrixPrincipal = "institution admin (owning)";

/** What a cell must answer: let through, or refused with this status. */
export type Expectation = { readonly allowed: true } | { readonly allowed: false; readonly status: 401 | 403 | 404 };

const refused = (status: 401 | 403 | 404): Expectation => ({ allowed: false, status });
const ALLOWED: Expectation = { allowed: true };

/**
 * The answer a route owes a caller, from its access rule, the permission table and its tenant
 * scope alone (server/http/route-access.ts, domain/shared/permissions/role-permissions.ts,
 * server/http/route-doc.ts). `namesRecord` says the request names one record in its path or
 * query (an id, an institution), which is where a scope can refuse.
 */
export const expectedAnswer = (
  access: RouteAccess,
  scope: TenantScope,
  principal: MatrixPrincipal,
  namesRecord: boolean,
): Expectation => {
  const facts = PRINCIPAL_FACTS[principal];
  if ("public" in access) return ALLOWED;
  if (isPreAuth(access)) return principal === "pre-authenticated" ? ALLOWED : refused(401);
  if (facts.role === null) return refused(401);
  if (isProtected(access) && !roleAllows(facts.role, access.resource, access.action)) return refused(403);
  if (!isSignedIn(access) && !isProtected(access)) return refused(401);
  switch (scope) {
    case "none":
    case "caller":
      return ALLOWED;
    case "own-record":
      return principal === RECORD_OWNER ? ALLOWED : refused(403);
    case "own-institution":
      if (facts.role === "super_admin") return ALLOWED;
      if (facts.role === "staff") return refused(403);
      return !namesRecord || facts.owningInstitution ? ALLOWED : refused(403);
    case "institution-member":
      if (facts.role === "super_admin") return ALLOWED;
      return !namesRecord || facts.owningInstitution ? ALLOWED : refused(403);
    case "institution-admin":
      return facts.role === "institution_admin" && (!namesRecord || facts.owningInstitution) ? ALLOWED : refused(403);
    case "institution-records":
      if (facts.role === "super_admin") return ALLOWED;
      if (facts.role === "staff") return refused(403);
      if (!namesRecord) return ALLOWED;
      // Another institution's record does not exist for them.
      return facts.owningInstitution ? ALLOWED : refused(404);
    case "assigned-patients":
      if (facts.role === "super_admin") return refused(403);
      if (!namesRecord) return ALLOWED;
      // One patient by id: outside the caller's slice it does not exist for them.
      if (!facts.owningInstitution) return refused(404);
      return facts.role === "staff" && !facts.assigned ? refused(404) : ALLOWED;
  }
};
