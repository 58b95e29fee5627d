import * as Schema from "effect/Schema";
import { UserId } from "../shared/ids.ts";
import { ROLE_CODES } from "../shared/roles.ts";
import { SearchText } from "../shared/wire/paged.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";

/**
 * The people the audit log's person filter offers (issue 38, docs/audit-viewer.md "The page"): the
 * log filters on a user id, which neither the SLPs nor the administrators list gives (each gives
 * its own record's id), and a compliance officer also looks for people who have since left, whom
 * those lists leave out. So the viewer has its own small read of people by name, or by id for the
 * name of a person the address names.
 */

/** How many people one answer holds: a screenful; typing narrows it. */
export const AUDIT_PEOPLE_MAX = 20;

/** ?search= (first name, last name, "first last" or e-mail) or ?user= (one id), or neither (the first by name). */
export const AuditPeopleQuery = Schema.Struct({
  search: Schema.optionalKey(SearchText),
  user: Schema.optionalKey(idFromUrl(UserId)),
});
export type AuditPeopleQuery = typeof AuditPeopleQuery.Type;

/** One person: their user id, name, role, and whether their account was deleted since. */
export const AuditPerson = Schema.Struct({
  id: UserId,
  name: Schema.String,
  role: Schema.Literals(ROLE_CODES),
  deleted: Schema.Boolean,
});
export type AuditPerson = typeof AuditPerson.Type;

export const AuditPeople = Schema.Struct({ results: Schema.Array(AuditPerson) });
export type AuditPeople = typeof AuditPeople.Type;
