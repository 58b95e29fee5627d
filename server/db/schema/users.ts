import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import {
  ADMINISTRATOR_STATUS,
  type AdministratorStatus,
  DEFAULT_ADMINISTRATOR_STATUS,
} from "../../../domain/shared/statuses/administrator-status.ts";
import { DEFAULT_STAFF_STATUS, STAFF_STATUS, type StaffStatus } from "../../../domain/shared/statuses/staff-status.ts";
import { MFA_METHODS, type MfaMethod } from "../../../domain/shared/wire/mfa-method.ts";
import { contactColumns } from "./contact-columns.ts";
import { institutions } from "./institutions.ts";
import { oneOf } from "./one-of.ts";
import { roles } from "./roles.ts";
import { recordVersion } from "./record-version.ts";
import { createdAt, instant, updatedAt } from "./timestamps.ts";

/**
 * Everyone who signs in to the portal: super administrators, institution and staff
 * administrators, and SLPs. Each user is also exactly one administrator or one staff row, which
 * holds the status of that face (the domain names them differently). Credentials live in
 * credentials.ts so no query on users can leak a hash by selecting `*`.
 */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** E.164 with the leading plus (the SMS factor sends it that way). */
    phone: text("phone"),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id),
    /** Null only for super administrators, who stand above institutions. */
    institutionId: integer("institution_id").references(() => institutions.id),
    /** Set for new accounts and resets: the next sign-in must choose a new password first. */
    changePassword: boolean("change_password").notNull().default(true),
    defaultMfaMethod: text("default_mfa_method").$type<MfaMethod>(),
    /**
     * Deleting an account archives the row instead of removing it: sessions, notes and the audit
     * trail keep pointing at who did what. An archived user cannot sign in.
     */
    archivedAt: instant("archived_at"),
    lastSignInAt: instant("last_sign_in_at"),
    version: recordVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One living account per address, whatever its capitalisation: a deleted (archived) account
    // keeps its row for the audit trail but frees its address, so a person removed by mistake can
    // be invited again.
    uniqueIndex("users_email_lower_live_key").on(sql`lower(${t.email})`).where(sql`${t.archivedAt} is null`),
    index("users_institution_idx").on(t.institutionId),
    // The SLPs and administrators lists walk an institution's living people by folded name in
    // this order, so a page is an index range rather than a sort of every person (10,000 SLPs).
    // The names after the id change no order: a deep page's id query reads them from the index
    // alone (an index-only walk, migration 0039) instead of fetching each skipped person's row.
    index("users_list_name_idx")
      .on(t.institutionId, sql`patient_fold(${t.firstName}) collate "C"`, sql`patient_fold(${t.lastName}) collate "C"`, t.id, t.firstName, t.lastName)
      .where(sql`${t.archivedAt} is null`),
    oneOf("users_default_mfa_method_check", t.defaultMfaMethod, MFA_METHODS),
  ],
);

/** The administrator face of a user (super_admin, institution_admin, staff_admin): /administrators/{id}. */
export const administrators = pgTable(
  "administrators",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id),
    institutionId: integer("institution_id").references(() => institutions.id),
    status: text("status").$type<AdministratorStatus>().notNull().default(DEFAULT_ADMINISTRATOR_STATUS),
    version: recordVersion(),
    createdAt: createdAt(),
  },
  (t) => [
    index("administrators_institution_idx").on(t.institutionId),
    oneOf("administrators_status_check", t.status, Object.values(ADMINISTRATOR_STATUS)),
  ],
);

/** The SLP face of a user, with the contact block the staff form edits: /staff/{id}. */
export const staff = pgTable(
  "staff",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id),
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id),
    status: text("status").$type<StaffStatus>().notNull().default(DEFAULT_STAFF_STATUS),
    ...contactColumns(),
    version: recordVersion(),
    createdAt: createdAt(),
  },
  (t) => [
    index("staff_institution_idx").on(t.institutionId),
    oneOf("staff_status_check", t.status, Object.values(STAFF_STATUS)),
  ],
);
