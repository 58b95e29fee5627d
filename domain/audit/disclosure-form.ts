import { catalogueMessage } from "../shared/error-catalogue.ts";
import type { PatientId } from "../shared/ids.ts";
import { ACCOUNTING_YEARS, DISCLOSURE_LIMITS, type DisclosureBody } from "./disclosure-wire.ts";

/**
 * The disclosure form's rules (issue 38, docs/audit.md "Accounting of disclosures"), the server's
 * too: every field is required (ERROR_003), the day is neither after today nor before the six
 * years an accounting covers (ERROR_056), and each text is bounded.
 */

export type DisclosureDraft = {
  readonly disclosed_on: string;
  readonly recipient: string;
  readonly recipient_address: string;
  readonly what: string;
  readonly purpose: string;
};
export type DisclosureField = keyof DisclosureDraft;

/** What each field is called in a message ("The recipient is required"). */
export const DISCLOSURE_FIELD_NAMES: Readonly<Record<DisclosureField, string>> = {
  disclosed_on: "date of the disclosure",
  recipient: "recipient",
  recipient_address: "recipient's address",
  what: "description of what was disclosed",
  purpose: "purpose",
};

/** The form opens on today, everything else empty. */
export const newDisclosureDraft = (today: string): DisclosureDraft => ({ disclosed_on: today, recipient: "", recipient_address: "", what: "", purpose: "" });

/** The first day an accounting requested on `today` covers: the same day six years earlier (Feb 29 falls back to Feb 28). */
export const accountingStart = (today: string): string => {
  const day = `${String(Number(today.slice(0, 4)) - ACCOUNTING_YEARS).padStart(4, "0")}${today.slice(4)}`;
  return day.endsWith("-02-29") ? `${day.slice(0, 8)}28` : day;
};

/** Why a disclosure's day cannot be recorded on `today`, or null. */
export const disclosureDayProblem = (day: string, today: string): string | null => {
  if (day > today) return "A disclosure is recorded once it has happened: the day is today at the latest";
  if (day < accountingStart(today)) return `The accounting covers the last ${ACCOUNTING_YEARS} years: the day is ${accountingStart(today)} or later`;
  return null;
};

export type DisclosureCheck =
  | { readonly ok: true; readonly value: DisclosureBody }
  | { readonly ok: false; readonly errors: Partial<Record<DisclosureField, string>> };

/** The form's check for one patient, against today (UTC, the trail's clock). */
export const checkDisclosureDraft = (draft: DisclosureDraft, patient: PatientId, today: string): DisclosureCheck => {
  const errors: Partial<Record<DisclosureField, string>> = {};
  const fields = Object.keys(DISCLOSURE_FIELD_NAMES) as DisclosureField[];
  for (const field of fields) {
    const text = draft[field].trim();
    if (text === "") errors[field] = catalogueMessage("ERROR_003", { field_name: DISCLOSURE_FIELD_NAMES[field] });
    else if (field !== "disclosed_on" && text.length > DISCLOSURE_LIMITS[field]) errors[field] = `At most ${DISCLOSURE_LIMITS[field]} characters`;
  }
  if (errors.disclosed_on === undefined) {
    const problem = disclosureDayProblem(draft.disclosed_on, today);
    if (problem !== null) errors.disclosed_on = problem;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      patient,
      disclosed_on: draft.disclosed_on,
      recipient: draft.recipient.trim(),
      recipient_address: draft.recipient_address.trim(),
      what: draft.what.trim(),
      purpose: draft.purpose.trim(),
    },
  };
};
