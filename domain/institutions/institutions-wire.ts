import * as Schema from "effect/Schema";
import { SUPPLY_KINDS } from "../billing/index.ts";
import { AdministratorId, GameId, InstitutionId } from "../shared/ids.ts";
import { Count, PagedOptionalCount, pageQueryFields, searchQueryField } from "../shared/wire/paged.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";
import { RecordVersion, versionField } from "../shared/wire/record-version.ts";
import { boundedText, isVisibleText, PersonName, proseText } from "../shared/wire/text-fields.ts";
import { isKnownTimeZone } from "./time-zones.ts";

/** Institutions list ten to a page unless asked otherwise (the spec names no size). */
export const INSTITUTION_PAGE_SIZE = 10;

const InstitutionName = boundedText(255);
// Domain format is a validator rule with its own code (ERROR_023); the wire only bounds the text.
const AllowedDomain = boundedText(253);

/** An IANA time zone name as stored (the database's trigger holds it to pg_timezone_names). */
export const TimeZoneName = boundedText(64);

/** A time zone name as written: one the runtime knows (time-zones.ts), else ERROR_056 on `time_zone`. */
export const TimeZoneNameWrite = TimeZoneName.check(Schema.makeFilter(isKnownTimeZone, { expected: "an IANA time zone name, e.g. America/New_York" }));

/**
 * The remote-monitoring device supply kind the institution bills under (domain/billing SUPPLY_KINDS),
 * or null while not chosen: which kind fits speech and cognitive exercise is a payer question.
 */
export const RtmSupplyKind = Schema.NullOr(Schema.Literals(SUPPLY_KINDS));
export type RtmSupplyKind = typeof RtmSupplyKind.Type;

/** An administrator as an institution row lists them: enough for an avatar and a name. */
export const InstitutionAdministrator = Schema.Struct({
  id: AdministratorId,
  initials: Schema.String.check(Schema.isMaxLength(4)),
  first_name: PersonName,
  last_name: PersonName,
});
export type InstitutionAdministrator = typeof InstitutionAdministrator.Type;

/** A row of the institutions list: how many members (staff and administrators) and patients it has, and its administrators. */
export const InstitutionListItem = Schema.Struct({
  id: InstitutionId,
  name: InstitutionName,
  members_count: Count,
  mobile_users_count: Count,
  administrators: Schema.Array(InstitutionAdministrator),
});
export type InstitutionListItem = typeof InstitutionListItem.Type;

/** GET institutions/ query: search by name, and paging. */
export const InstitutionListQuery = Schema.Struct({
  ...pageQueryFields(INSTITUTION_PAGE_SIZE),
  ...searchQueryField,
});
export type InstitutionListQuery = typeof InstitutionListQuery.Type;

/** GET institutions/ response: one page of institutions (the total count may be absent). */
export const InstitutionListResponse = PagedOptionalCount(InstitutionListItem);
export type InstitutionListResponse = typeof InstitutionListResponse.Type;

/** An institution: its name, the email domains its people must use, a description and the games assigned to it. */
export const Institution = Schema.Struct({
  id: InstitutionId,
  name: InstitutionName,
  allowed_domains: Schema.Array(AllowedDomain),
  description: boundedText(2000, "multi-line"),
  games: Schema.Array(GameId),
  /** The IANA time zone whose calendar days are the institution's (remote-monitoring data days). */
  time_zone: TimeZoneName,
  rtm_supply_kind: RtmSupplyKind,
  /** The record's version (docs/api.md, "Versions and concurrent edits"). */
  version: RecordVersion,
});
export type Institution = typeof Institution.Type;

/** Route parameters of institutions/{id}/ and its actions. */
export const InstitutionPathParams = Schema.Struct({ id: idFromUrl(InstitutionId) });
export type InstitutionPathParams = typeof InstitutionPathParams.Type;

/**
 * POST institutions/ and PUT institutions/{id}/: the whole editable institution. The billing
 * settings may be left out: a new institution then starts in America/New_York with no supply kind,
 * an edit keeps what is stored (clients older than the settings still save the rest).
 */
export const InstitutionBody = Schema.Struct({
  name: InstitutionName.check(isVisibleText()),
  allowed_domains: Schema.Array(AllowedDomain),
  description: proseText(2000),
  time_zone: Schema.optionalKey(TimeZoneNameWrite),
  rtm_supply_kind: Schema.optionalKey(RtmSupplyKind),
  ...versionField,
});
export type InstitutionBody = typeof InstitutionBody.Type;

/** PUT institutions/{id}/assign_games/: the complete set of games the institution may use. */
export const AssignGamesBody = Schema.Struct({ games: Schema.Array(GameId) });
export type AssignGamesBody = typeof AssignGamesBody.Type;
