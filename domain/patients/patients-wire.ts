import * as Effect from "effect/Effect";
import * as Schema from "effect/Schema";
import { GameId, PatientId, StaffId } from "../shared/ids.ts";
import { DifficultySchema } from "../shared/games/difficulty.ts";
import { PATIENT_STATUS } from "../shared/statuses/patient-status.ts";
import { REVIEW_STATUS } from "../shared/statuses/review-status.ts";
import { ContactInfo, ContactInfoWrite } from "../shared/wire/contact-info.ts";
import { CalendarDate, IsoDateTime } from "../shared/wire/dates.ts";
import type { FieldCodes } from "../shared/wire/decode.ts";
import { Count, Paged, PagedCappedCount, pageQueryFields, searchQueryField } from "../shared/wire/paged.ts";
import { cursorQueryField } from "../shared/wire/page-cursor.ts";
import { BooleanFromQuery, idFromUrl, repeatedFromQuery } from "../shared/wire/query-string.ts";
import { RecordVersion, versionField } from "../shared/wire/record-version.ts";
import { Email, EmailWrite, PersonName, PersonNameWrite } from "../shared/wire/text-fields.ts";

/** Patient lists (all, by staff, dashboard) hold ten rows a page unless asked otherwise. */
export const PATIENT_PAGE_SIZE = 10;

/** A patient's account status on the wire: active, pending or inactive. */
export const PatientStatus = Schema.Literals(Object.values(PATIENT_STATUS));

/** Whether an SLP has reviewed the patient's latest sessions: pending or reviewed. */
export const ReviewStatus = Schema.Literals(Object.values(REVIEW_STATUS));

/** The birth genders a patient can be assigned; the form offers exactly these. */
export const BIRTH_GENDER = {
  female: "female",
  male: "male",
  intersex: "intersex",
} as const;
export type BirthGender = (typeof BIRTH_GENDER)[keyof typeof BIRTH_GENDER];
export const BIRTH_GENDERS: readonly BirthGender[] = Object.values(BIRTH_GENDER);
/** An assigned birth gender on the wire. */
export const BirthGender = Schema.Literals(BIRTH_GENDERS);

/** Sort orders of the patients list: by first name A to Z (or `-` Z to A), by creation date oldest first (or `-` newest first). */
export const PATIENT_ORDERING = {
  firstNameAscending: "first_name",
  firstNameDescending: "-first_name",
  createdAscending: "created_at",
  createdDescending: "-created_at",
} as const;
export type PatientOrdering = (typeof PATIENT_ORDERING)[keyof typeof PATIENT_ORDERING];
/** A patients-list sort order on the wire. */
export const PatientOrdering = Schema.Literals(Object.values(PATIENT_ORDERING));

/** A game played at one difficulty: the patients list filter keeps patients assigned any of these. */
export const GameLevelFilter = Schema.Struct({
  game_id: GameId,
  difficulty_level: DifficultySchema,
});
export type GameLevelFilter = typeof GameLevelFilter.Type;

// An absent repeatable key means "no filter"; decoding it to [] spares every reader an undefined check.
const filterList = <S extends Schema.Top>(item: S) =>
  repeatedFromQuery(item).pipe(Schema.withDecodingDefaultKey(Effect.succeed([])));

/**
 * GET patients/ query: paging, search, and filters. `available_game_levels` is a JSON list in one
 * key; `reviewed` ('false' pending, 'true' reviewed), `ordering` and `status` may repeat.
 */
export const PatientListQuery = Schema.Struct({
  ...pageQueryFields(PATIENT_PAGE_SIZE),
  ...searchQueryField,
  ...cursorQueryField,
  available_game_levels: Schema.optionalKey(Schema.fromJsonString(Schema.Array(GameLevelFilter))),
  reviewed: filterList(BooleanFromQuery),
  ordering: filterList(PatientOrdering),
  status: filterList(PatientStatus),
});
export type PatientListQuery = typeof PatientListQuery.Type;

/** The SLP a patient is assigned to, by name. */
export const AssignedStaff = Schema.Struct({
  id: StaffId,
  first_name: PersonName,
  last_name: PersonName,
});
export type AssignedStaff = typeof AssignedStaff.Type;

/** A row of a patients list: identity, status, review state and the assigned SLP; no address, so lists carry as little health data as they can. */
export const PatientListItem = Schema.Struct({
  id: PatientId,
  first_name: PersonName,
  last_name: PersonName,
  email: Email,
  birthdate: CalendarDate,
  status: PatientStatus,
  reviewed_status: ReviewStatus,
  staff: Schema.NullOr(AssignedStaff),
  created_at: IsoDateTime,
  /** The record's version (docs/api.md, "Versions and concurrent edits"): a list row's actions may send it back too. */
  version: RecordVersion,
});
export type PatientListItem = typeof PatientListItem.Type;

/**
 * GET patients/ and patients/filtered-list-by-staff response: one page of patients. A search's
 * count stops at COUNT_CAP (`count_capped`: more match), since counting every match scans.
 */
export const PatientListResponse = PagedCappedCount(PatientListItem);
export type PatientListResponse = typeof PatientListResponse.Type;

/** A patient's full record: the list row plus assigned birth gender and contact information. */
export const Patient = Schema.Struct({
  ...PatientListItem.fields,
  gender: BirthGender,
  contact_info: ContactInfo,
});
export type Patient = typeof Patient.Type;

/** Route parameters of patients/{id}/ and its actions. */
export const PatientPathParams = Schema.Struct({ id: idFromUrl(PatientId) });
export type PatientPathParams = typeof PatientPathParams.Type;

/** POST patients/: a new patient (pending until they first sign in to the exercise app), optionally assigned to an SLP. */
export const PatientCreateBody = Schema.Struct({
  first_name: PersonNameWrite,
  last_name: PersonNameWrite,
  email: EmailWrite,
  birthdate: CalendarDate,
  gender: BirthGender,
  staff: Schema.optionalKey(Schema.NullOr(StaffId)),
  contact_info: Schema.optionalKey(ContactInfoWrite),
});
export type PatientCreateBody = typeof PatientCreateBody.Type;

/**
 * PATCH patients/{id}/: only the keys sent change; status changes through activate/inactivate,
 * email only while pending. `version`, when sent, is the version the form was filled from: a
 * patient changed since then is not overwritten (412).
 */
export const PatientPatchBody = Schema.Struct({
  first_name: Schema.optionalKey(PersonNameWrite),
  last_name: Schema.optionalKey(PersonNameWrite),
  email: Schema.optionalKey(EmailWrite),
  birthdate: Schema.optionalKey(CalendarDate),
  gender: Schema.optionalKey(BirthGender),
  staff: Schema.optionalKey(Schema.NullOr(StaffId)),
  contact_info: Schema.optionalKey(ContactInfoWrite),
  ...versionField,
});
export type PatientPatchBody = typeof PatientPatchBody.Type;

/** Catalogue codes for patient bodies: a malformed date of birth is ERROR_054, an unknown gender ERROR_052. */
export const PATIENT_FIELD_CODES: FieldCodes = {
  birthdate: { invalid: "ERROR_054" },
  gender: { invalid: "ERROR_052" },
};

/** GET patients/filtered-list-by-staff query: the SLP whose patients to list, and paging. */
export const PatientsByStaffQuery = Schema.Struct({
  staff_id: idFromUrl(StaffId),
  ...pageQueryFields(PATIENT_PAGE_SIZE),
  ...cursorQueryField,
});
export type PatientsByStaffQuery = typeof PatientsByStaffQuery.Type;

/** GET patients/dashboard query: search and paging. */
export const PatientDashboardQuery = Schema.Struct({
  ...pageQueryFields(PATIENT_PAGE_SIZE),
  ...searchQueryField,
});
export type PatientDashboardQuery = typeof PatientDashboardQuery.Type;

/** A row of the SLP dashboard: who, when their data last changed (null if never), how many games wait for review. */
export const PatientDashboardRow = Schema.Struct({
  id: PatientId,
  initials: Schema.String.check(Schema.isMaxLength(4)),
  email: Email,
  first_name: PersonName,
  last_name: PersonName,
  last_updated: Schema.NullOr(IsoDateTime),
  games_to_review: Count,
  reviewed_status: ReviewStatus,
});
export type PatientDashboardRow = typeof PatientDashboardRow.Type;

/** GET patients/dashboard response: one page of dashboard rows. */
export const PatientDashboardResponse = Paged(PatientDashboardRow);
export type PatientDashboardResponse = typeof PatientDashboardResponse.Type;
