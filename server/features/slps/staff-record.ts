import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { RoleId, StaffId } from "../../../domain/shared/ids.ts";
import { normaliseRoleCode } from "../../../domain/shared/roles.ts";
import type { StaffMember } from "../../../domain/slps/staff-wire.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { contactPlacesOf } from "../../people/contact-places.ts";
import { roles } from "../../db/schema/roles.ts";
import { staff, users } from "../../db/schema/users.ts";
import { invitationShown } from "../../../domain/invitations/index.ts";
import { invitationSummaries } from "../invitations/index.ts";

/** The live patients assigned to an SLP, and how many of them are active: their caseload. */
export const caseloadOf = async (db: Database, staffId: number): Promise<StaffMember["caseload"]> => {
  const [row] = await db
    .select({ patients: count(), active: sql<number>`count(*) filter (where ${patients.status} = 'active')`.mapWith(Number) })
    .from(patients)
    .where(and(eq(patients.assignedStaffId, staffId), isNull(patients.archivedAt)));
  return { patients: row?.patients ?? 0, active_patients: row?.active ?? 0 };
};

const orNull = (text: string): string | null => (text === "" ? null : text);

/**
 * One SLP as GET staff/{id}/ answers: the list row, role, groups (none kept yet), contact block
 * with its places, caseload and, while pending, their latest invitation. Undefined for an id
 * with no staff row; the caller's scope has already decided the SLP is theirs to see.
 */
export const loadStaffMember = async (db: Database, staffId: number, now: Date): Promise<StaffMember | undefined> => {
  const [row] = await db
    .select({
      id: staff.id,
      userId: staff.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      status: staff.status,
      createdAt: staff.createdAt,
      version: staff.version,
      roleId: roles.id,
      roleTitle: roles.title,
      roleCode: roles.code,
      address1: staff.address1,
      address2: staff.address2,
      cityId: staff.cityId,
      stateId: staff.stateId,
      countryId: staff.countryId,
      zipCode: staff.zipCode,
    })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(staff.id, staffId))
    .limit(1);
  const roleCode = row === undefined ? undefined : normaliseRoleCode(row.roleCode);
  if (row === undefined || roleCode === undefined) return undefined;
  const [{ city, state, country }, caseload, invited] = await Promise.all([
    contactPlacesOf(db, row),
    caseloadOf(db, row.id),
    invitationSummaries(db, [row.userId], now),
  ]);
  return {
    // Ids read back from their own tables are branded by construction.
    id: row.id as StaffId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    invitation: invitationShown(row.status, invited.get(row.userId)),
    version: row.version,
    groups: [],
    role: { id: row.roleId as RoleId, title: row.roleTitle, code_name: roleCode },
    contact_info: {
      address_1: orNull(row.address1),
      address_2: orNull(row.address2),
      city,
      state,
      country,
      zip_code: orNull(row.zipCode),
      phone: row.phone,
    },
    caseload,
  };
};
