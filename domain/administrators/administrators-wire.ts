import * as Schema from "effect/Schema";
import { AdministratorId, InstitutionId } from "../shared/ids.ts";
import { ROLE } from "../shared/roles.ts";
import { ADMINISTRATOR_STATUS } from "../shared/statuses/administrator-status.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";
import type { FieldCodes } from "../shared/wire/decode.ts";
import { MaskedPhone } from "../shared/wire/masked-phone.ts";
import { Paged, pageQueryFields, searchQueryField } from "../shared/wire/paged.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";
import { RecordVersion, versionField } from "../shared/wire/record-version.ts";
import { RoleRef } from "../shared/wire/role.ts";
import { InvitationSummary } from "../invitations/index.ts";
import { Email, EmailWrite, PersonName, PersonNameWrite } from "../shared/wire/text-fields.ts";

/** Administrators list five to a page unless asked otherwise. */
export const ADMINISTRATOR_PAGE_SIZE = 5;

/** An administrator's stored status: active, archived (shown inactive) or pending. */
export const AdministratorStatus = Schema.Literals(Object.values(ADMINISTRATOR_STATUS));

/** The roles an administrator can be created with; super administrators are never created here. */
export const AdministratorRoleCode = Schema.Literals([ROLE.institutionAdmin, ROLE.staffAdmin]);

/**
 * An administrator of an institution: names, email, status, the groups they belong to (by name),
 * their role, their phone (masked) and when the account was created.
 */
export const Administrator = Schema.Struct({
  id: AdministratorId,
  first_name: PersonName,
  last_name: PersonName,
  email: Email,
  status: AdministratorStatus,
  groups: Schema.Array(Schema.String),
  role: RoleRef,
  phone: Schema.NullOr(MaskedPhone),
  institution: InstitutionId,
  created_at: IsoDateTime,
  /** The latest invitation while the account is pending (docs/invitations.md), else null. */
  invitation: Schema.NullOr(InvitationSummary),
  /** Whether this is the institution's last active institution administrator: deactivate and delete are held back (last-administrator.ts). */
  last_active_administrator: Schema.Boolean,
  /** The record's version (docs/api.md, "Versions and concurrent edits"). */
  version: RecordVersion,
});
export type Administrator = typeof Administrator.Type;

/** GET administrators/ query: whose administrators (super admin picks; others get their own), paging, search. */
export const AdministratorListQuery = Schema.Struct({
  institution: Schema.optionalKey(idFromUrl(InstitutionId)),
  ...pageQueryFields(ADMINISTRATOR_PAGE_SIZE),
  ...searchQueryField,
});
export type AdministratorListQuery = typeof AdministratorListQuery.Type;

/** GET administrators/ response: one page of administrators. */
export const AdministratorListResponse = Paged(Administrator);
export type AdministratorListResponse = typeof AdministratorListResponse.Type;

/** Route parameters of administrators/{id}/ and its actions. */
export const AdministratorPathParams = Schema.Struct({ id: idFromUrl(AdministratorId) });
export type AdministratorPathParams = typeof AdministratorPathParams.Type;

/** POST administrators/: a new administrator for an institution, pending until first sign-in. */
export const AdministratorCreateBody = Schema.Struct({
  first_name: PersonNameWrite,
  last_name: PersonNameWrite,
  email: EmailWrite,
  institution: InstitutionId,
  role: AdministratorRoleCode,
});
export type AdministratorCreateBody = typeof AdministratorCreateBody.Type;

/**
 * PATCH administrators/{id}/: only the keys sent change. A new email must differ from the old
 * (ERROR_047), only while pending (ERROR_053), and sends a new invitation. `version`, when sent, is
 * the version the form was filled from.
 */
export const AdministratorPatchBody = Schema.Struct({
  first_name: Schema.optionalKey(PersonNameWrite),
  last_name: Schema.optionalKey(PersonNameWrite),
  email: Schema.optionalKey(EmailWrite),
  ...versionField,
});
export type AdministratorPatchBody = typeof AdministratorPatchBody.Type;

/** Catalogue codes for creating an administrator: an unknown role is ERROR_025. */
export const ADMINISTRATOR_CREATE_FIELD_CODES: FieldCodes = { role: { invalid: "ERROR_025" } };
