import * as Schema from "effect/Schema";
import { InstitutionId, UserId } from "../ids.ts";
import { MaskedPhone } from "./masked-phone.ts";
import { MfaMethod } from "./mfa-method.ts";
import { PermissionsMap } from "./permissions-map.ts";
import { RoleRef } from "./role.ts";
import { idFromUrl } from "./query-string.ts";
import { RecordVersion } from "./record-version.ts";
import { Email, PersonName } from "./text-fields.ts";

/** The institution a user belongs to, as carried on their own record. */
export const UserInstitution = Schema.Struct({
  id: InstitutionId,
  name: Schema.String,
});
export type UserInstitution = typeof UserInstitution.Type;

/**
 * The signed-in user's own record (GET users/{id}/ and users/me/): who they are, their role and
 * permissions, their second factors, and their institution (null for the super administrator,
 * who belongs to none). Names may be empty; the sidebar then reads 'Not specified'.
 */
export const CurrentUser = Schema.Struct({
  id: UserId,
  email: Email,
  first_name: PersonName,
  last_name: PersonName,
  role: RoleRef,
  default_mfa_method: Schema.NullOr(MfaMethod),
  mfa_methods: Schema.Array(MfaMethod),
  phone: Schema.NullOr(MaskedPhone),
  permissions: PermissionsMap,
  institution: Schema.NullOr(UserInstitution),
  /** The record's version (docs/api.md, "Versions and concurrent edits"): a profile change may send it back. */
  version: RecordVersion,
});
export type CurrentUser = typeof CurrentUser.Type;

/** Route parameters of GET users/{id}/. */
export const UserPathParams = Schema.Struct({ id: idFromUrl(UserId) });
export type UserPathParams = typeof UserPathParams.Type;
