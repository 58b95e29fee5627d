import type { InstitutionFields } from "../../../adapters/institutions/index.ts";
import { type Institution, type RtmSupplyKind, supplyKindText } from "../../../domain/institutions/index.ts";
import { changedFields, rebaseDraft, type SameValue } from "../../../domain/shared/record-conflict.ts";

/** An institution's editable fields, as its form holds them. */
export const fieldsOf = (institution: Institution): InstitutionFields => ({
  name: institution.name,
  allowed_domains: institution.allowed_domains,
  description: institution.description,
  time_zone: institution.time_zone,
  rtm_supply_kind: institution.rtm_supply_kind,
});

// The domains are a list: two lists are the same when they hold the same domains in the same order.
const sameValue: SameValue = (a, b) => (Array.isArray(a) && Array.isArray(b) ? a.join("\n") === b.join("\n") : Object.is(a, b));

/** The person's edit carried onto the stored institution: what they changed stays theirs, the rest takes the stored values. */
export const institutionEditOnCurrent = (started: Institution, current: Institution, draft: InstitutionFields): InstitutionFields =>
  rebaseDraft(fieldsOf(started), fieldsOf(current), draft, sameValue);

/** The fields the person edited, with the value stored now and theirs, for the conflict panel. */
export const institutionConflict = (started: Institution, current: Institution, draft: InstitutionFields) =>
  changedFields(fieldsOf(started), fieldsOf(current), draft, sameValue);

/** A field's value in words for the conflict table (the domains as a comma-separated list, the supply kind with its codes). */
export const institutionValueText = <F extends keyof InstitutionFields>(field: F, value: InstitutionFields[F]): string => {
  if (field === "rtm_supply_kind") return supplyKindText((value ?? null) as RtmSupplyKind);
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : (value as readonly string[]).join(", ");
};
