import { type SQL, and, asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { auditPeopleEndpoint } from "../../../domain/audit/audit-people-endpoints.ts";
import { AUDIT_PEOPLE_MAX, type AuditPerson } from "../../../domain/audit/audit-people-wire.ts";
import type { UserId } from "../../../domain/shared/ids.ts";
import { normaliseRoleCode } from "../../../domain/shared/roles.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { roles } from "../../db/schema/roles.ts";
import { administrators, users } from "../../db/schema/users.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { AuditVisibility } from "./audit-queries.ts";
import { auditScope } from "./audit-scope.ts";

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Whom the caller's log may name: an institution administrator every account of their institution
 * (SLPs and administrators, deleted ones too: the trail outlives them); the super administrator
 * the administrators of every institution and the platform's own, whose rows they see, and no SLP
 * (they hold nothing on staff; docs/permissions.md).
 */
const peopleOf = (visibility: AuditVisibility): SQL =>
  visibility.kind === "institution"
    ? eq(users.institutionId, visibility.institutionId)
    : sql`exists (select 1 from ${administrators} where ${administrators.userId} = ${users.id})`;

const matching = (search: string | undefined): SQL | undefined => {
  const text = (search ?? "").trim();
  if (text === "") return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const like = (column: SQL) => sql`patient_fold(${column}) like patient_fold(${pattern}) escape '\\'`;
  return sql`(${like(sql`${users.firstName}`)} or ${like(sql`${users.lastName}`)} or ${like(sql`${users.firstName} || ' ' || ${users.lastName}`)} or ${like(sql`${users.email}`)})`;
};

/**
 * GET audit/people/ (issue 38, docs/audit-viewer.md "The page"): the person filter's choices. The
 * log filters on user ids, which the SLPs and administrators lists do not give (each names its own
 * record) and which they give only for living accounts; this read gives the id, name and role of
 * at most AUDIT_PEOPLE_MAX people by name, or the one a `user` id names (the name of a person
 * the page's address holds). A person of another institution reads as nobody (an empty list).
 */
export const registerAuditPeopleRoute = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }): void => {
  const { db } = deps;
  routeEndpoint(
    app,
    deps,
    auditPeopleEndpoint,
    {
      access: { resource: "audit_log", action: "list" },
      doc: {
        summary: "The people the caller's audit log may name (their institution's SLPs and administrators, deleted ones too; the super administrator's: administrators), by name or e-mail, or one by user id: the person filter",
        scope: "own-institution",
        errors: { 403: ["ERROR_001"] },
      },
      audit: { action: "list", resource: "user" },
      scope: (principal) => auditScope(db, principal),
    },
    async ({ input: { query }, scope, audit }, _request, reply) => {
      const where = and(peopleOf(scope), matching(query.search), query.user === undefined ? undefined : eq(users.id, query.user));
      const results = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: roles.code, archivedAt: users.archivedAt })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(where)
          .orderBy(asc(sql`patient_fold(${users.firstName})`), asc(sql`patient_fold(${users.lastName})`), asc(users.id))
          .limit(AUDIT_PEOPLE_MAX);
        await audit("success", null, query.user === undefined ? null : String(query.user), tx);
        return rows.flatMap((row): AuditPerson[] => {
          const role = normaliseRoleCode(row.role);
          if (role === undefined) return [];
          return [{ id: row.id as UserId, name: `${row.firstName} ${row.lastName}`.trim() || `Person ${row.id}`, role, deleted: row.archivedAt !== null }];
        });
      });
      return reply.send({ results });
    },
  );
};
