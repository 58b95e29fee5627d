import * as Schema from "effect/Schema";
import { PatientId } from "../shared/ids.ts";
import { CalendarDate, IsoDateTime } from "../shared/wire/dates.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";
import { boundedText, isVisibleText, proseText } from "../shared/wire/text-fields.ts";

/**
 * The accounting of disclosures' wire (HIPAA 164.528, issue 38, docs/audit.md "Accounting of
 * disclosures"): an entry of the register (a disclosure of one patient's data outside treatment,
 * payment and operations) and a patient's accounting, six years back.
 */

/** The longest recipient name, address, description of what was disclosed, and purpose. */
export const DISCLOSURE_LIMITS = { recipient: 200, recipient_address: 500, what: 1000, purpose: 1000 } as const;

/** How far back an accounting reaches (164.528(a)(1): six years before the request). */
export const ACCOUNTING_YEARS = 6;

/** How an entry came into the register: typed in by an administrator, or written by an export that left the institution. */
export const DISCLOSURE_SOURCES = ["manual", "export"] as const;

const RequiredLine = (max: number) => boundedText(max).check(Schema.isMinLength(1), isVisibleText());

/** POST audit/disclosures/: one disclosure, as an administrator records it. */
export const DisclosureBody = Schema.Struct({
  patient: PatientId,
  disclosed_on: CalendarDate,
  recipient: RequiredLine(DISCLOSURE_LIMITS.recipient),
  recipient_address: proseText(DISCLOSURE_LIMITS.recipient_address).check(Schema.isMinLength(1)),
  what: proseText(DISCLOSURE_LIMITS.what).check(Schema.isMinLength(1)),
  purpose: proseText(DISCLOSURE_LIMITS.purpose).check(Schema.isMinLength(1)),
});
export type DisclosureBody = typeof DisclosureBody.Type;

/** One entry of the register, as the accounting lists it. */
export const Disclosure = Schema.Struct({
  id: Schema.Int,
  patient_id: Schema.Int,
  disclosed_on: CalendarDate,
  recipient: Schema.String,
  recipient_address: Schema.String,
  what: Schema.String,
  purpose: Schema.String,
  source: Schema.Literals(DISCLOSURE_SOURCES),
  recorded_at: IsoDateTime,
  recorded_by: Schema.Int,
  /** The recorder's name as their user record has it now; null once the account is gone. */
  recorded_by_name: Schema.NullOr(Schema.String),
});
export type Disclosure = typeof Disclosure.Type;

/** ?patient= of a patient's accounting. */
export const AccountingQuery = Schema.Struct({ patient: idFromUrl(PatientId) });
export type AccountingQuery = typeof AccountingQuery.Type;

/** A patient's accounting of disclosures: every entry disclosed from `from` (six years before today, UTC) to `to` (today), newest first. */
export const DisclosureAccounting = Schema.Struct({
  patient_id: Schema.Int,
  patient_name: Schema.String,
  from: CalendarDate,
  to: CalendarDate,
  disclosures: Schema.Array(Disclosure),
});
export type DisclosureAccounting = typeof DisclosureAccounting.Type;
