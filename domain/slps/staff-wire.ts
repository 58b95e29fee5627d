import * as Schema from "effect/Schema";
import { StaffId } from "../shared/ids.ts";
import { ROLE } from "../shared/roles.ts";
import { STAFF_STATUS } from "../shared/statuses/staff-status.ts";
import { ContactInfo, ContactInfoWrite } from "../shared/wire/contact-info.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";
import { Count, PagedWithCursors, pageQueryFields, searchQueryField } from "../shared/wire/paged.ts";
import { cursorQueryField } from "../shared/wire/page-cursor.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";
import type { FieldCodes } from "../shared/wire/decode.ts";
import { RecordVersion, versionField } from "../shared/wire/record-version.ts";
import { RoleRef } from "../shared/wire/role.ts";
import { InvitationSummary } from "../invitations/index.ts";
import { Email, EmailWrite, PersonName, PersonNameWrite } from "../shared/wire/text-fields.ts";

/** Staff lists hold ten rows a page unless asked otherwise. */
export const STAFF_PAGE_SIZE = 10;

/** A staff member's (SLP's) account status on the wire: pending, active or inactive. */
export const StaffStatus = Schema.Literals(Object.values(STAFF_STATUS));

/** A row of the staff list: identity, status and since when. */
export const StaffListItem = Schema.Struct({
  id: StaffId,
  first_name: PersonName,
  last_name: PersonName,
  email: Email,
  status: StaffStatus,
  created_at: IsoDateTime,
  /** The latest invitation while the account is pending (docs/invitations.md), else null. */
  invitation: Schema.NullOr(InvitationSummary),
  /** The record's version (docs/api.md, "Versions and concurrent edits"): a row's actions may send it back. */
  version: RecordVersion,
});
export type StaffListItem = typeof StaffListItem.Type;

/** An SLP's caseload: the live patients assigned to them, and how many of those are active. */
export const Caseload = Schema.Struct({ patients: Count, active_patients: Count });
export type Caseload = typeof Caseload.Type;

/** A staff member's full record: the list row plus groups (by name), role, contact information and caseload. */
export const StaffMember = Schema.Struct({
  ...StaffListItem.fields,
  groups: Schema.Array(Schema.String),
  role: RoleRef,
  contact_info: ContactInfo,
  caseload: Caseload,
});
export type StaffMember = typeof StaffMember.Type;

/** GET staff/ query: paging and search. */
export const StaffListQuery = Schema.Struct({
  ...pageQueryFields(STAFF_PAGE_SIZE),
  ...searchQueryField,
  ...cursorQueryField,
});
export type StaffListQuery = typeof StaffListQuery.Type;

/** GET staff/ response: one page of staff members. */
export const StaffListResponse = PagedWithCursors(StaffListItem);
export type StaffListResponse = typeof StaffListResponse.Type;

/** Route parameters of staff/{id}/ and its actions. */
export const StaffPathParams = Schema.Struct({ id: idFromUrl(StaffId) });
export type StaffPathParams = typeof StaffPathParams.Type;

/** POST staff/: a new SLP (role always staff), pending until first sign-in. */
export const StaffCreateBody = Schema.Struct({
  first_name: PersonNameWrite,
  last_name: PersonNameWrite,
  email: EmailWrite,
  role: Schema.Literal(ROLE.staff),
  contact_info: Schema.optionalKey(ContactInfoWrite),
});
export type StaffCreateBody = typeof StaffCreateBody.Type;

/**
 * PATCH staff/{id}/: only the keys sent change; the role never does. A new email must differ from
 * the old (ERROR_047), only while pending (ERROR_053), and sends a new invitation.
 */
export const StaffPatchBody = Schema.Struct({
  first_name: Schema.optionalKey(PersonNameWrite),
  last_name: Schema.optionalKey(PersonNameWrite),
  email: Schema.optionalKey(EmailWrite),
  contact_info: Schema.optionalKey(ContactInfoWrite),
  ...versionField,
});
export type StaffPatchBody = typeof StaffPatchBody.Type;

/**
 * PUT staff/{id}/inactivate/ and DELETE staff/{id}/: none, or the version the action started from
 * and, for an SLP who still has patients, the active SLP of the institution who takes them over
 * (caseload-handover.ts).
 */
export const StaffLeaveBody = Schema.UndefinedOr(Schema.NullOr(Schema.Struct({ ...versionField, reassign_to: Schema.optionalKey(StaffId) })));
export type StaffLeaveBody = typeof StaffLeaveBody.Type;

/** Catalogue codes of the staff forms' fields: a role other than staff is ERROR_025. */
export const STAFF_CREATE_FIELD_CODES: FieldCodes = { role: { invalid: "ERROR_025" } };
