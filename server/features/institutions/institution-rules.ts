import { and, eq, ne, sql } from "drizzle-orm";
import { validateAllowedDomains } from "../../../domain/institutions/institution-domains.ts";
import type { InstitutionBody, RtmSupplyKind } from "../../../domain/institutions/institutions-wire.ts";
import type { Database } from "../../db/database.ts";
import { institutionAllowedDomains, institutions } from "../../db/schema/institutions.ts";
import { isCheckViolation, isUniqueViolation } from "../../db/unique-violation.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import type { Decoded } from "../../http/decode-request.ts";

/**
 * An institution as it is stored: the name trimmed, the domains trimmed, lower-cased, without
 * blanks or repeats; the billing settings only when sent (absent keeps what is stored).
 */
export type InstitutionDraft = {
  readonly name: string;
  readonly allowedDomains: readonly string[];
  readonly description: string;
  readonly billing: { readonly timeZone?: string; readonly rtmSupplyKind?: RtmSupplyKind };
};

/** ERROR_056 on `time_zone`: the name is no time zone the database knows (the wire checks the runtime's list first). */
export const unknownTimeZone = (): ApiFailure => apiFailure(400, "ERROR_056", "the time zone is not a known IANA time zone name", { field: "time_zone" });

/** ERROR_024: another institution has this name, whatever its letter case. */
export const nameTaken = (): ApiFailure => apiFailure(400, "ERROR_024", "another institution has this name", { field: "name" });

const nameRequired = (): ApiFailure =>
  apiFailure(400, "ERROR_003", "the institution's name is blank", { field: "name", placeholders: { field_name: "name" } });

const nameIsFree = async (db: Database, name: string, exceptId: number | null): Promise<boolean> => {
  const [row] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(and(sql`lower(${institutions.name}) = lower(${name})`, exceptId === null ? undefined : ne(institutions.id, exceptId)))
    .limit(1);
  return row === undefined;
};

/**
 * An institution's name is required (ERROR_003) and unique without regard to case (ERROR_024);
 * each allowed domain must be well formed (ERROR_023) and named once (ERROR_031). `exceptId` is the
 * institution being edited, whose own name is not a clash.
 */
export const checkInstitutionDraft = async (db: Database, body: InstitutionBody, exceptId: number | null): Promise<Decoded<InstitutionDraft>> => {
  if (body.name.length === 0) return { ok: false, failure: nameRequired() };
  const domains = validateAllowedDomains(body.allowed_domains);
  if (!domains.ok) return { ok: false, failure: fromDomainFailure(400, domains, "allowed domains rule") };
  if (!(await nameIsFree(db, body.name, exceptId))) return { ok: false, failure: nameTaken() };
  const billing = {
    ...(body.time_zone === undefined ? {} : { timeZone: body.time_zone }),
    ...(body.rtm_supply_kind === undefined ? {} : { rtmSupplyKind: body.rtm_supply_kind }),
  };
  return { ok: true, value: { name: body.name, allowedDomains: domains.value, description: body.description, billing } };
};

/** Replaces an institution's allowed domains, inside the change's transaction. */
export const writeAllowedDomains = async (tx: Database, institutionId: number, domains: readonly string[]): Promise<void> => {
  await tx.delete(institutionAllowedDomains).where(eq(institutionAllowedDomains.institutionId, institutionId));
  if (domains.length > 0) await tx.insert(institutionAllowedDomains).values(domains.map((domain) => ({ institutionId, domain })));
};

/**
 * Migration 0018's trigger refuses a time zone PostgreSQL does not know (a name the runtime's ICU
 * knows but the server's zone files do not): the same 400 as the wire's check, never a 500.
 */
const UNKNOWN_TIME_ZONE_CHECK = "institutions_time_zone_known";

/** A change that lost a race on the case-insensitive name index reads as the name rule's own answer; a zone the database refuses as ERROR_056. */
export const duplicateNameAsFailure = async <A>(change: () => Promise<A>): Promise<A | { readonly nameTaken: true } | { readonly zoneUnknown: true }> => {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error, "institutions_name_lower_key")) return { nameTaken: true };
    if (isCheckViolation(error, UNKNOWN_TIME_ZONE_CHECK)) return { zoneUnknown: true };
    throw error;
  }
};

/** Whether a change's outcome is the database refusing the time zone. */
export const refusedZone = (value: unknown): value is { readonly zoneUnknown: true } => typeof value === "object" && value !== null && "zoneUnknown" in value;

/** Whether a change's outcome is the race on the name index. */
export const lostNameRace = (value: unknown): value is { readonly nameTaken: true } => typeof value === "object" && value !== null && "nameTaken" in value;
