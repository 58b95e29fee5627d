import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { listStaffEndpoint } from "../../../domain/slps/index.ts";
import type { StaffId } from "../../../domain/shared/ids.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { staff, users } from "../../db/schema/users.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { invitationShown } from "../../../domain/invitations/index.ts";
import { invitationSummaries } from "../invitations/index.ts";
import { ownInstitution } from "./staff-scope.ts";

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * GET staff/ (spec section 7): one page of the caller's institution's staff (SLPs), by name, for
 * the SLPs list and the patient form's "assigned SLP" picker. Deleted accounts are left out;
 * `search` matches first name, last name or e-mail, accents and case aside.
 */
export const registerStaffListRoute = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }): void => {
  const { db } = deps;
  routeEndpoint(
    app,
    deps,
    listStaffEndpoint,
    {
      access: { resource: "staff", action: "list" },
      doc: {
        summary: "One page of the caller's institution's staff (SLPs), by name: the SLPs list and the patient form's SLP picker",
        scope: "own-institution",
        errors: { 403: ["ERROR_001"] },
      },
      audit: { action: "list", resource: "staff" },
      scope: ownInstitution,
    },
    async ({ input: { query: input }, scope, audit }) => {
      const text = (input.search ?? "").trim();
      const pattern = `%${escapeLike(text)}%`;
      const matches =
        text === ""
          ? undefined
          : sql`(patient_fold(${users.firstName}) like patient_fold(${pattern}) escape '\\' or patient_fold(${users.lastName}) like patient_fold(${pattern}) escape '\\' or patient_fold(${users.email}) like patient_fold(${pattern}) escape '\\')`;
      // The user's institution is the staff row's: naming both lets the list walk users_list_name_idx.
      const where = and(eq(staff.institutionId, scope), eq(users.institutionId, scope), isNull(users.archivedAt), matches);
      const order = [asc(sql`patient_fold(${users.firstName}) collate "C"`), asc(sql`patient_fold(${users.lastName}) collate "C"`), asc(users.id)];
      // The page's ids first, from users_list_name_idx alone (its trailing names make the walk
      // index-only), so a deep page skips index entries rather than people's rows; then its rows.
      const pageIds = db
        .select({ id: users.id })
        .from(users)
        .innerJoin(staff, eq(staff.userId, users.id))
        .where(where)
        .orderBy(...order)
        .limit(input.page_size)
        .offset((input.page - 1) * input.page_size);
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: staff.id, userId: staff.userId, firstName: users.firstName, lastName: users.lastName, email: users.email, status: staff.status, createdAt: staff.createdAt, version: staff.version })
          .from(staff)
          .innerJoin(users, eq(users.id, staff.userId))
          .where(inArray(users.id, pageIds))
          .orderBy(...order),
        db.select({ total: count() }).from(staff).innerJoin(users, eq(users.id, staff.userId)).where(where),
      ]);
      const invited = await invitationSummaries(db, rows.map((row) => row.userId), deps.clock.now());
      await audit("success", null);
      const totalRows = total?.total ?? 0;
      return {
        current_page: input.page,
        total_pages: Math.ceil(totalRows / input.page_size),
        count: totalRows,
        results: rows.map((row) => ({
          id: row.id as StaffId,
          first_name: row.firstName,
          last_name: row.lastName,
          email: row.email,
          status: row.status,
          created_at: row.createdAt.toISOString(),
          invitation: invitationShown(row.status, invited.get(row.userId)),
          version: row.version,
        })),
      };
    },
  );
};
