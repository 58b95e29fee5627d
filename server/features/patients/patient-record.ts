import { type SQL, eq, sql } from "drizzle-orm";
import { instantKey } from "../../db/keyset.ts";
import { alias } from "drizzle-orm/pg-core";
import type { Patient, PatientListItem } from "../../../domain/patients/patients-wire.ts";
import type { PatientId, StaffId } from "../../../domain/shared/ids.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { contactPlacesOf } from "../../people/contact-places.ts";
import { staff, users } from "../../db/schema/users.ts";

const staffUsers = alias(users, "staff_users");

/** The columns a list row needs: the patient, and their SLP's name (one join, no address). */
export const listColumns = {
  id: patients.id,
  firstName: patients.firstName,
  lastName: patients.lastName,
  email: patients.email,
  birthdate: patients.birthdate,
  status: patients.status,
  reviewed: patients.reviewed,
  createdAt: patients.createdAt,
  version: patients.version,
  staffId: staff.id,
  staffFirstName: staffUsers.firstName,
  staffLastName: staffUsers.lastName,
};

type ListRow = {
  readonly id: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly birthdate: string;
  readonly status: PatientListItem["status"];
  readonly reviewed: boolean;
  readonly createdAt: Date;
  readonly version: number;
  readonly staffId: number | null;
  readonly staffFirstName: string | null;
  readonly staffLastName: string | null;
};

/** Rows of patients with their SLP joined, for a condition (the page's ids, or one id). */
export const selectListRows = (db: Database, where: SQL) =>
  db
    .select(listColumns)
    .from(patients)
    .leftJoin(staff, eq(staff.id, patients.assignedStaffId))
    .leftJoin(staffUsers, eq(staffUsers.id, staff.userId))
    .where(where);

/** List rows with their sort keys as a cursor holds them (the folded first name, the instant to the microsecond). */
export const selectKeyedListRows = (db: Pick<Database, "select">, where: SQL) =>
  db
    .select({ ...listColumns, nameKey: sql<string>`patient_fold(${patients.firstName})`, createdKey: instantKey(patients.createdAt) })
    .from(patients)
    .leftJoin(staff, eq(staff.id, patients.assignedStaffId))
    .leftJoin(staffUsers, eq(staffUsers.id, staff.userId))
    .where(where);

/** A list row on the wire: names per domain/shared/format/names.ts's rule are the client's; the server sends them as stored. */
export const toListItem = (row: ListRow): PatientListItem => ({
  id: row.id as PatientId,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  birthdate: row.birthdate,
  status: row.status,
  reviewed_status: row.reviewed ? "reviewed" : "pending",
  staff:
    row.staffId === null
      ? null
      : { id: row.staffId as StaffId, first_name: row.staffFirstName ?? "", last_name: row.staffLastName ?? "" },
  created_at: row.createdAt.toISOString(),
  version: row.version,
});


const orNull = (text: string): string | null => (text === "" ? null : text);

/** A patient's contact block as stored (domain/shared/contact-block.ts), by column: what a record and a change both read. */
export const contactColumns = {
  address1: patients.address1,
  address2: patients.address2,
  cityId: patients.cityId,
  stateId: patients.stateId,
  countryId: patients.countryId,
  zipCode: patients.zipCode,
  phone: patients.phone,
} as const;

/** One patient as GET patients/{id}/ answers: the list row, birth gender and the contact block with its places. */
export const loadPatient = async (db: Database, patientId: number): Promise<Patient | undefined> => {
  const [row] = await db
    .select({
      ...listColumns,
      gender: patients.gender,
      ...contactColumns,
    })
    .from(patients)
    .leftJoin(staff, eq(staff.id, patients.assignedStaffId))
    .leftJoin(staffUsers, eq(staffUsers.id, staff.userId))
    .where(eq(patients.id, patientId))
    .limit(1);
  if (row === undefined) return undefined;
  const { city, state, country } = await contactPlacesOf(db, row);
  return {
    ...toListItem(row),
    gender: row.gender,
    contact_info: {
      address_1: orNull(row.address1),
      address_2: orNull(row.address2),
      city,
      state,
      country,
      zip_code: orNull(row.zipCode),
      phone: row.phone,
    },
  };
};
