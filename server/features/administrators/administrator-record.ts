import { type SQL, and, count, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Administrator } from "../../../domain/administrators/administrators-wire.ts";
import { isLastActiveAdministrator } from "../../../domain/administrators/last-administrator.ts";
import type { AdministratorId, InstitutionId, RoleId } from "../../../domain/shared/ids.ts";
import { ROLE, normaliseRoleCode } from "../../../domain/shared/roles.ts";
import { ADMINISTRATOR_STATUS } from "../../../domain/shared/statuses/administrator-status.ts";
import { maskedPhone } from "../../auth/accounts.ts";
import type { Database } from "../../db/database.ts";
import { roles } from "../../db/schema/roles.ts";
import { administrators, users } from "../../db/schema/users.ts";
import { invitationShown } from "../../../domain/invitations/index.ts";
import { invitationSummaries } from "../invitations/index.ts";

/** The columns an administrator's record is made of: their administrator row, the user behind it and their role. */
export const administratorColumns = {
  id: administrators.id,
  userId: administrators.userId,
  institutionId: administrators.institutionId,
  status: administrators.status,
  version: administrators.version,
  createdAt: administrators.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  roleId: roles.id,
  roleTitle: roles.title,
  roleCode: roles.code,
};

export type AdministratorRow = {
  readonly id: number;
  readonly userId: number;
  readonly institutionId: number | null;
  readonly status: Administrator["status"];
  readonly version: number;
  readonly createdAt: Date;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string | null;
  readonly roleId: number;
  readonly roleTitle: string;
  readonly roleCode: string;
};

/**
 * The administrators these routes reach: an institution's (the super administrator's own row
 * belongs to none) and not deleted. A deleted one is gone from every answer, as if unknown.
 */
export const liveInstitutionAdministrator: SQL = and(isNull(users.archivedAt), isNotNull(administrators.institutionId)) ?? isNull(users.archivedAt);

/** Administrators with their user and role joined, for a condition. */
export const selectAdministrators = (db: Database, where: SQL | undefined) =>
  db
    .select(administratorColumns)
    .from(administrators)
    .innerJoin(users, eq(users.id, administrators.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(liveInstitutionAdministrator, where));

/** How many active institution administrators each institution has (the last-administrator rule counts them). */
export const activeInstitutionAdministrators = async (db: Database, institutionIds: readonly number[]): Promise<ReadonlyMap<number, number>> => {
  if (institutionIds.length === 0) return new Map();
  const rows = await db
    .select({ institutionId: administrators.institutionId, total: count() })
    .from(administrators)
    .innerJoin(users, eq(users.id, administrators.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        inArray(administrators.institutionId, [...new Set(institutionIds)]),
        isNull(users.archivedAt),
        eq(administrators.status, ADMINISTRATOR_STATUS.active),
        eq(roles.code, ROLE.institutionAdmin),
      ),
    )
    .groupBy(administrators.institutionId);
  return new Map(rows.flatMap((row) => (row.institutionId === null ? [] : [[row.institutionId, row.total] as const])));
};

/**
 * Administrators as the wire shows them: phone masked, role as a reference, the latest invitation
 * while pending, and whether each is their institution's last active institution administrator.
 * Three queries however many rows.
 */
export const toAdministrators = async (db: Database, rows: readonly AdministratorRow[], now: Date): Promise<Administrator[]> => {
  const [invited, active] = await Promise.all([
    invitationSummaries(db, rows.map((row) => row.userId), now),
    activeInstitutionAdministrators(db, rows.flatMap((row) => (row.institutionId === null ? [] : [row.institutionId]))),
  ]);
  return rows.map((row) => {
    const code = normaliseRoleCode(row.roleCode);
    if (code === undefined || row.institutionId === null) throw new Error(`administrator ${row.id} has no institution or an unknown role`);
    return {
      id: row.id as AdministratorId,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      status: row.status,
      // The portal keeps no groups yet (spec section 3 names the field; nothing fills it).
      groups: [],
      role: { id: row.roleId as RoleId, title: row.roleTitle, code_name: code },
      phone: maskedPhone(row.phone),
      institution: row.institutionId as InstitutionId,
      created_at: row.createdAt.toISOString(),
      invitation: invitationShown(row.status, invited.get(row.userId)),
      last_active_administrator: isLastActiveAdministrator({ role: code, status: row.status, activeInstitutionAdministrators: active.get(row.institutionId) ?? 0 }),
      version: row.version,
    };
  });
};

/** One live administrator of an institution as GET administrators/{id}/ answers, or undefined. */
export const loadAdministrator = async (db: Database, administratorId: number, now: Date): Promise<Administrator | undefined> => {
  const rows = await selectAdministrators(db, eq(administrators.id, administratorId)).limit(1);
  const [record] = await toAdministrators(db, rows, now);
  return record;
};
