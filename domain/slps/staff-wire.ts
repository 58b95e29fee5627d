import * as Schema from "effect/Schema";
import { StaffId } from "../shared/ids.ts";
import { ROLE } from "../shared/roles.ts";
import { STAFF_STATUS } from "../shared/statuses/staff-status.ts";
import { ContactInfo, ContactInfoWrite } from "../shared/wire/contact-info.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";
import { Paged, pageQueryFields, searchQueryField } from "../shared/wire/paged.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";
import { RoleRef } from "../shared/wire/role.ts";
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
});
export type StaffListItem = typeof StaffListItem.Type;

/** A staff member's full record: the list row plus groups (by name), role and contact information. */
export const StaffMember = Schema.Struct({
  ...StaffListItem.fields,
  groups: Schema.Array(Schema.String),
  role: RoleRef,
  contact_info: ContactInfo,
});
export type StaffMember = typeof StaffMember.Type;

/** GET staff/ query: paging and search. */
export const StaffListQuery = Schema.Struct({
  ...pageQueryFields(STAFF_PAGE_SIZE),
  ...searchQueryField,
});
export type StaffListQuery = typeof StaffListQuery.Type;

/** GET staff/ response: one page of staff members. */
export const StaffListResponse = Paged(StaffListItem);
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

/** PATCH staff/{id}/: only the keys sent change; the role never does. */
export const StaffPatchBody = Schema.Struct({
  first_name: Schema.optionalKey(PersonNameWrite),
  last_name: Schema.optionalKey(PersonNameWrite),
  email: Schema.optionalKey(EmailWrite),
  contact_info: Schema.optionalKey(ContactInfoWrite),
});
export type StaffPatchBody = typeof StaffPatchBody.Type;
