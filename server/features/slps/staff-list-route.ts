import { type SQL, and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { type CursorKey, type PageCursor, cursorKeysFor } from "../../../domain/shared/wire/page-cursor.ts";
import { type KeyTerm, keysetOrder, pageCursors, readFromCursor } from "../../db/keyset.ts";
import { badCursor } from "../../http/bad-cursor.ts";
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

const rowColumns = {
  id: staff.id,
  userId: staff.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: staff.status,
  createdAt: staff.createdAt,
  version: staff.version,
};

/** The staff list's one order, by name: folded first name, folded last name, then the user id (users_list_name_idx). */
const STAFF_ORDER = "name";
const STAFF_KEYS: readonly KeyTerm[] = [
  { expression: sql`patient_fold(${users.firstName}) collate "C"`, descending: false, kind: "text" },
  { expression: sql`patient_fold(${users.lastName}) collate "C"`, descending: false, kind: "text" },
  { expression: sql`${users.id}`, descending: false, kind: "id" },
];

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
    async ({ input: { query: input }, scope, audit, refuse }) => {
      const text = (input.search ?? "").trim();
      const pattern = `%${escapeLike(text)}%`;
      const matches =
        text === ""
          ? undefined
          : sql`(patient_fold(${users.firstName}) like patient_fold(${pattern}) escape '\\' or patient_fold(${users.lastName}) like patient_fold(${pattern}) escape '\\' or patient_fold(${users.email}) like patient_fold(${pattern}) escape '\\')`;
      // The user's institution is the staff row's: naming both lets the list walk users_list_name_idx.
      const where = and(eq(staff.institutionId, scope), eq(users.institutionId, scope), isNull(users.archivedAt), matches) as SQL;
      const cursor = input.cursor;
      const keys = cursor === undefined ? undefined : cursorKeysFor(cursor, STAFF_ORDER, STAFF_KEYS.map((term) => term.kind));
      if (cursor !== undefined && keys === undefined) return refuse(badCursor(), "failure", "invalid_query");
      // The page's ids first, from users_list_name_idx alone (its trailing names make the walk
      // index-only), so a deep page skips index entries rather than people's rows; from a cursor
      // they are a seek from its key. Then the page's rows.
      const rowsOf = (condition: SQL, reversed: boolean, limit: number, offset: number) =>
        db
          .select({ ...rowColumns, firstKey: sql<string>`patient_fold(${users.firstName})`, lastKey: sql<string>`patient_fold(${users.lastName})` })
          .from(staff)
          .innerJoin(users, eq(users.id, staff.userId))
          .where(
            inArray(
              users.id,
              db.select({ id: users.id }).from(users).innerJoin(staff, eq(staff.userId, users.id)).where(condition).orderBy(...keysetOrder(STAFF_KEYS, reversed)).limit(limit).offset(offset),
            ),
          )
          .orderBy(...keysetOrder(STAFF_KEYS, reversed));
      const total = db.select({ total: count() }).from(staff).innerJoin(users, eq(users.id, staff.userId)).where(where);
      const byPage = async (page: number) => {
        const [rows, [counted]] = await Promise.all([rowsOf(where, false, input.page_size + 1, (page - 1) * input.page_size), total]);
        return { page, rows: rows.slice(0, input.page_size), next: rows.length > input.page_size, totalRows: counted?.total ?? 0 };
      };
      const fromCursor = async (from: PageCursor, at: readonly CursorKey[]) => {
        const [read, [counted]] = await Promise.all([
          readFromCursor(STAFF_KEYS, from, at, input.page_size, (condition, reversed, limit) => rowsOf(and(where, condition) as SQL, reversed, limit, 0)),
          total,
        ]);
        // Read back to the start of the list: that is page 1, whatever number the cursor carried.
        if (!from.after && !read.more) return byPage(1);
        return { page: from.after ? from.page : Math.max(2, from.page), rows: read.rows, next: from.after ? read.more : true, totalRows: counted?.total ?? 0 };
      };
      const { page, rows, next, totalRows } = cursor === undefined || keys === undefined ? await byPage(input.page) : await fromCursor(cursor, keys);
      const keysOf = (row: (typeof rows)[number] | undefined) => (row === undefined ? undefined : [row.firstKey, row.lastKey, row.userId]);
      const invited = await invitationSummaries(db, rows.map((row) => row.userId), deps.clock.now());
      await audit("success", null);
      return {
        current_page: page,
        total_pages: Math.ceil(totalRows / input.page_size),
        count: totalRows,
        ...pageCursors(STAFF_ORDER, page, { first: keysOf(rows[0]), last: keysOf(rows.at(-1)) }, { next, previous: true }),
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
