import * as Schema from "effect/Schema";
import * as SchemaTransformation from "effect/SchemaTransformation";
import { RoleId } from "../ids.ts";
import { ROLE_CODES } from "../roles.ts";

/** A role code as the portal uses it (super_admin, institution_admin, staff_admin, staff). */
export const RoleCode = Schema.Literals(ROLE_CODES);

/**
 * A role code as the server may spell it: the spec also writes SUPER_ADMIN and STAFF, so any
 * letter case decodes to the one lower-case code; encoding always writes lower case.
 */
export const RoleCodeFromWire = Schema.String.pipe(
  Schema.decodeTo(Schema.String, SchemaTransformation.toLowerCase()),
  Schema.decodeTo(RoleCode),
);

/** The role a user holds: its id, its display title and its code. */
export const RoleRef = Schema.Struct({
  id: RoleId,
  title: Schema.String,
  code_name: RoleCodeFromWire,
});
export type RoleRef = typeof RoleRef.Type;
