import { changedFields } from "../../audit/audit-changes.ts";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  createInstitutionEndpoint,
  getInstitutionEndpoint,
  listInstitutionsEndpoint,
  updateInstitutionEndpoint,
} from "../../../domain/institutions/institutions-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { apiFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { institutionMemberScope, institutionNotFound, ownInstitutionScope } from "../../http/institution-scope.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { institutionListPage } from "./institution-list-query.ts";
import { loadInstitution } from "./institution-record.ts";
import { checkInstitutionDraft, duplicateNameAsFailure, lostNameRace, nameTaken, refusedZone, unknownTimeZone, writeAllowedDomains } from "./institution-rules.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const FORBIDDEN = { 403: ["ERROR_001"] } as const;
// ERROR_056: a time zone no runtime or database knows (or any field the wire refuses).
const DRAFT_ERRORS = ["ERROR_003", "ERROR_023", "ERROR_024", "ERROR_031", "ERROR_056"] as const;

/**
 * The whole platform's institutions: only the super administrator holds institution:list and
 * institution:create (role-permissions.ts); the role check here keeps it so if the table changes.
 */
const platformScope = (principal: Principal): ScopeDecision<null> =>
  principal.role === "super_admin"
    ? { ok: true, scope: null }
    : { ok: false, failure: apiFailure(403, "ERROR_001", "only the super administrator reaches every institution"), reason: "not_platform_administrator" };

/** The answer after a write: the institution as GET returns it, its version as the ETag. */
const replyWithInstitution = async (db: Database, reply: FastifyReply, institutionId: number, status = 200): Promise<FastifyReply> => {
  const record = await loadInstitution(db, institutionId);
  if (record === undefined) return replyWithFailure(reply, institutionNotFound());
  return sendVersionTag(reply, record.version).code(status).send(record);
};

/**
 * The institutions calls of spec section 7 (docs/administration.md): the super administrator's
 * list and creation, one institution for everyone who works there, and its edit by the super
 * administrator or its own institution administrator, refused when stale (412). Every call
 * leaves an audit row; a write's row commits with it.
 */
export const registerInstitutionRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    listInstitutionsEndpoint,
    {
      access: { resource: "institution", action: "list" },
      doc: {
        summary: "One page of institutions by name (search by name), with their member and patient counts and their administrators (super administrator)",
        scope: "own-institution",
        errors: FORBIDDEN,
      },
      audit: { action: "list", resource: "institution" },
      scope: platformScope,
    },
    async ({ input: { query }, audit }) => {
      const body = await institutionListPage(db, query.search, query.page, query.page_size);
      await audit("success", null);
      return body;
    },
  );

  routeEndpoint(
    app,
    deps,
    getInstitutionEndpoint,
    {
      access: { resource: "institution", action: "retrieve" },
      doc: {
        summary: "One institution: name, allowed e-mail domains, description, the games it offers, its time zone and remote-monitoring supply kind, its version",
        scope: "institution-member",
        errors: { ...FORBIDDEN, 404: ["ERROR_030"] },
        etag: true,
      },
      audit: { action: "read", resource: "institution" },
      scope: (principal, { params }) => institutionMemberScope(db, principal, params.id),
    },
    async ({ scope, audit }, _request, reply) => {
      const record = await loadInstitution(db, scope.institutionId);
      if (record === undefined) return replyWithFailure(reply, institutionNotFound());
      await audit("success", null, String(scope.institutionId));
      return sendVersionTag(reply, record.version).send(record);
    },
  );

  routeEndpoint(
    app,
    deps,
    createInstitutionEndpoint,
    {
      access: { resource: "institution", action: "create" },
      doc: {
        summary: "Create an institution: its name unique in any letter case, its allowed e-mail domains well formed (stored lower-case)",
        scope: "own-institution",
        errors: { 400: DRAFT_ERRORS, ...FORBIDDEN },
        status: 201,
        etag: true,
      },
      audit: { action: "create", resource: "institution" },
      scope: platformScope,
    },
    async ({ input: { body }, audit, refuse }, _request, reply) => {
      const checked = await checkInstitutionDraft(db, body, null);
      if (!checked.ok) return refuse(checked.failure, "failure", "institution_rules");
      const draft = checked.value;
      const created = await duplicateNameAsFailure(() =>
        db.transaction(async (tx) => {
          const now = clock.now();
          const [row] = await tx
            .insert(institutions)
            .values({ name: draft.name, description: draft.description, ...draft.billing, createdAt: now, updatedAt: now })
            .returning({ id: institutions.id });
          if (row === undefined) throw new Error("institution insert returned no row");
          await writeAllowedDomains(tx, row.id, draft.allowedDomains);
          await audit("success", null, String(row.id), tx);
          return row.id;
        }),
      );
      if (lostNameRace(created)) return refuse(nameTaken(), "failure", "duplicate_name");
      if (refusedZone(created)) return refuse(unknownTimeZone(), "failure", "unknown_time_zone");
      return replyWithInstitution(db, reply, created, 201);
    },
  );

  routeEndpoint(
    app,
    deps,
    updateInstitutionEndpoint,
    {
      access: { resource: "institution", action: "update" },
      doc: {
        summary: "Change an institution's name, allowed e-mail domains, description and billing settings (time zone, remote-monitoring supply kind; left out, kept); the same rules as creating; If-Match or `version` refuses a stale edit (412)",
        scope: "own-institution",
        errors: { 400: DRAFT_ERRORS, ...FORBIDDEN, 404: ["ERROR_030"], ...STALE_VERSION_ERRORS },
        etag: true,
      },
      audit: { action: "update", resource: "institution" },
      scope: (principal, { params }) => ownInstitutionScope(db, principal, params.id),
    },
    async ({ input: { body }, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.institutionId);
      const version = versionOfRequest(request, body.version);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const checked = await checkInstitutionDraft(db, body, scope.institutionId);
      if (!checked.ok) return refuse(checked.failure, "failure", "institution_rules", resourceId);
      const draft = checked.value;
      const outcome = await duplicateNameAsFailure(() =>
        db.transaction(async (tx) => {
          const [before] = await tx
            .select({ name: institutions.name, description: institutions.description, timeZone: institutions.timeZone, rtmSupplyKind: institutions.rtmSupplyKind })
            .from(institutions)
            .where(eq(institutions.id, scope.institutionId));
          const written = await tx
            .update(institutions)
            .set({ name: draft.name, description: draft.description, ...draft.billing, version: nextVersion(institutions.version), updatedAt: clock.now() })
            .where(and(eq(institutions.id, scope.institutionId), whileAtVersion(institutions.version, expected)))
            .returning({ id: institutions.id });
          if (written.length === 0) return expected === undefined ? { failure: institutionNotFound(), reason: "unknown_institution" } : { failure: staleVersionFailure(expected), reason: "stale_version" };
          await writeAllowedDomains(tx, scope.institutionId, draft.allowedDomains);
          // The fields the edit may write, old and new (issue 38); billing settings left out are kept.
          const after = { name: draft.name, description: draft.description, timeZone: draft.billing.timeZone ?? before?.timeZone, rtmSupplyKind: draft.billing.rtmSupplyKind === undefined ? before?.rtmSupplyKind : draft.billing.rtmSupplyKind };
          await audit("success", null, resourceId, tx, before === undefined ? null : changedFields(before, after));
          return undefined;
        }),
      );
      if (lostNameRace(outcome)) return refuse(nameTaken(), "failure", "duplicate_name", resourceId);
      if (refusedZone(outcome)) return refuse(unknownTimeZone(), "failure", "unknown_time_zone", resourceId);
      if (outcome !== undefined) return refuse(outcome.failure, "failure", outcome.reason, resourceId);
      return replyWithInstitution(db, reply, scope.institutionId);
    },
  );
};
