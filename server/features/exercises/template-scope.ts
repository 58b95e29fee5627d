import type { TemplateCreateBody } from "../../../domain/exercises/index.ts";
import type { Database } from "../../db/database.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import { institutionMemberScope } from "../../http/institution-scope.ts";
import { nameIsFree } from "./template-store.ts";

// Whose templates a call reaches: the super administrator's platform templates or the institution
// they name, another administrator's own institution's; SLPs keep none. And the name of a copy.

const SLP_REFUSED = (): ApiFailure => apiFailure(403, "ERROR_001", "SLPs keep no templates");

/** The owner templates are listed for: the super administrator the institution asked (none: the platform), others their own. */
export const listScope = async (db: Database, principal: Principal, institution: number | undefined): Promise<ScopeDecision<{ institutionId: number | null }>> => {
  if (principal.role === "staff") return { ok: false, failure: SLP_REFUSED(), reason: "slp_has_no_templates" };
  if (institution === undefined) {
    return principal.role === "super_admin" ? { ok: true, scope: { institutionId: null } } : { ok: true, scope: { institutionId: principal.institutionId } };
  }
  return institutionMemberScope(db, principal, institution);
};

/**
 * Who owns a new template: absent means the caller's own institution (the platform for the super
 * administrator); null, the platform, only for the super administrator; an institution, only
 * the caller's own unless they are the super administrator (and then it must exist).
 */
export const createScope = async (db: Database, principal: Principal, body: TemplateCreateBody): Promise<ScopeDecision<{ institutionId: number | null }>> => {
  const notYours = (reason: string): ScopeDecision<{ institutionId: number | null }> => ({
    ok: false,
    failure: apiFailure(403, "ERROR_075", "the caller may not create templates for this owner", { field: "institution" }),
    reason,
  });
  if (principal.role === "staff") return { ok: false, failure: SLP_REFUSED(), reason: "slp_has_no_templates" };
  const asked = body.institution === undefined ? principal.institutionId : body.institution;
  if (principal.role !== "super_admin") return asked === principal.institutionId && asked !== null ? { ok: true, scope: { institutionId: asked } } : notYours("other_owner");
  if (asked === null) return { ok: true, scope: { institutionId: null } };
  const known = await institutionMemberScope(db, principal, asked);
  return known.ok
    ? { ok: true, scope: { institutionId: asked } }
    : { ok: false, failure: apiFailure(400, "ERROR_030", "unknown institution", { field: "institution", placeholders: { field_name: "institution" } }), reason: "unknown_institution" };
};

/** The copy's default name: "<name> (copy)", then "(copy 2)", "(copy 3)"… while the owner has it; cut to 100 characters. */
export const copyName = async (db: Database, name: string, institutionId: number | null): Promise<string> => {
  for (let number = 1; ; number += 1) {
    const suffix = number === 1 ? " (copy)" : ` (copy ${number})`;
    const candidate = `${[...name].slice(0, 100 - suffix.length).join("")}${suffix}`;
    if (await nameIsFree(db, candidate, institutionId, null)) return candidate;
  }
};
