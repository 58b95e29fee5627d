import { SUPPLY_KINDS, type SupplyKind } from "../billing/index.ts";
import { catalogueMessage } from "../shared/error-catalogue.ts";
import { normaliseDomain } from "../shared/validators/domain-name.ts";
import { allowedDomainFailures } from "./institution-domains.ts";
import { DOMAIN_ROWS, type DomainRowField, type DomainRowsDraft, domainRowsDraftOf, domainRowsOf, isDomainRowField } from "./institution-domain-rows.ts";
import type { InstitutionBody } from "./institutions-wire.ts";

// The institution form, creating one (/create/organization) or editing it (its page): one draft,
// one check, the server's rules, for both. The billing settings (time zone, supply kind) are on the
// edit form only; a new institution starts with the defaults.

/** An institution's editable fields, as the form sends them (the version goes apart, as If-Match). */
export type InstitutionFormValue = Omit<InstitutionBody, "version">;

const SINGLE_FIELDS = ["name", "description", "time_zone", "rtm_supply_kind"] as const;
/** The fields that may carry a message: one each, and one per domain row. */
export type InstitutionFormField = (typeof SINGLE_FIELDS)[number] | DomainRowField;
const isSingleField = (field: string): field is (typeof SINGLE_FIELDS)[number] => SINGLE_FIELDS.some((single) => single === field);

/** The form as typed, every field a string (institution-domain-rows.ts says how the domains are held). */
export type InstitutionDraft = DomainRowsDraft &
  Readonly<{
    name: string;
    description: string;
    /** The chosen zone's IANA name; blank while none is chosen. */
    time_zone: string;
    /** What the time zone box shows: typed to narrow the list, or the chosen zone's name as read. */
    time_zone_text: string;
    /** The supply kind's radio value: a supply kind, or SUPPLY_KIND_NOT_CHOSEN. */
    rtm_supply_kind: string;
  }>;

/** A new institution's calendar until someone chooses (the column's default, migration 0018). */
export const DEFAULT_TIME_ZONE = "America/New_York";
/** The supply kind's radio value for "not chosen yet" (a radio group's value is a string). */
export const SUPPLY_KIND_NOT_CHOSEN = "none";

/** A zone name as read: "America/New_York" reads "America/New York". */
export const zoneLabel = (zone: string): string => zone.replaceAll("_", " ");

/** The form filled from an institution's fields, or from empty ones for a new institution (the default zone, no supply kind). */
export const institutionDraftOf = (fields: InstitutionFormValue): InstitutionDraft => {
  const zone = fields.time_zone ?? DEFAULT_TIME_ZONE;
  return {
    ...domainRowsDraftOf(fields.allowed_domains),
    name: fields.name,
    description: fields.description,
    time_zone: zone,
    time_zone_text: zoneLabel(zone),
    rtm_supply_kind: fields.rtm_supply_kind ?? SUPPLY_KIND_NOT_CHOSEN,
  };
};

const supplyKindOf = (text: string): SupplyKind | null | undefined =>
  text === SUPPLY_KIND_NOT_CHOSEN ? null : SUPPLY_KINDS.find((kind) => kind === text);

type Checked = { readonly ok: true; readonly value: InstitutionFormValue } | { readonly ok: false; readonly errors: Partial<Record<InstitutionFormField, string>> };

/**
 * The institution form's check, the server's own rules: a name; each allowed domain well formed
 * (ERROR_023) and none twice in any letter case (ERROR_031), each on its own row; with the billing
 * settings, a time zone chosen. Blank rows are not sent, the rest go trimmed (the server stores
 * them lower-cased); the name and description go trimmed.
 */
export const checkInstitutionForm = (draft: InstitutionDraft, { withBillingSettings }: { readonly withBillingSettings: boolean }): Checked => {
  const rows = domainRowsOf(draft);
  const domainFailures = allowedDomainFailures(rows.map((row) => row.domain));
  const supplyKind = supplyKindOf(draft.rtm_supply_kind);
  const errors: Partial<Record<InstitutionFormField, string>> = {
    ...(draft.name.trim() === "" ? { name: catalogueMessage("ERROR_003", { field_name: "name" }) } : {}),
    ...Object.fromEntries(rows.flatMap((row, index) => (domainFailures[index] === undefined ? [] : [[row.field, domainFailures[index].message]]))),
    ...(withBillingSettings && draft.time_zone === "" ? { time_zone: catalogueMessage("ERROR_003", { field_name: "time zone" }) } : {}),
    ...(withBillingSettings && supplyKind === undefined ? { rtm_supply_kind: catalogueMessage("ERROR_056") } : {}),
  };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name: draft.name.trim(),
      allowed_domains: rows.flatMap((row) => (normaliseDomain(row.domain) === "" ? [] : [row.domain.trim()])),
      description: draft.description.trim(),
      ...(withBillingSettings ? { time_zone: draft.time_zone, rtm_supply_kind: supplyKind ?? null } : {}),
    },
  };
};

/**
 * The form's field a server's refusal names, given the draft that was sent: the name, description
 * and billing settings by their own names; a domain by its place among the non-blank ones sent
 * ("allowed_domains.2", or "allowed_domains" for the first), which is the row it was typed in.
 */
export const institutionFieldOfServerField = (serverField: string, draft: InstitutionDraft): InstitutionFormField | null => {
  if (isSingleField(serverField)) return serverField;
  const match = /^allowed_domains(?:\.(\d+))?$/.exec(serverField);
  if (match === null) return null;
  const sent = domainRowsOf(draft).filter((row) => normaliseDomain(row.domain) !== "");
  return sent[Number(match[1] ?? 0)]?.field ?? null;
};

/**
 * Whether typing into `changed` settles the message on `field`: its own, and any domain row's for
 * any change to the domains (a repeat is fixed by editing either row, or removing one); the time
 * zone's when its box's text changes.
 */
export const institutionChangeSettles = (changed: string, field: InstitutionFormField): boolean => {
  if (changed === field) return true;
  if (isDomainRowField(field)) return isDomainRowField(changed) || changed === DOMAIN_ROWS;
  return changed === "time_zone_text" && field === "time_zone";
};
