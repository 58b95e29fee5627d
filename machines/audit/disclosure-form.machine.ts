import { checkDisclosureDraft, type DisclosureDraft, type DisclosureField, newDisclosureDraft } from "../../domain/audit/disclosure-form.ts";
import type { Disclosure, DisclosureBody } from "../../domain/audit/disclosure-wire.ts";
import type { PatientId } from "../../domain/shared/ids.ts";
import { createCreateFormMachine } from "../shared/create-form.machine.ts";
import { fieldOfRefusal } from "../shared/form-refusal.ts";

// The accounting of disclosures' form (issue 38) on the shared create-form machine.

const DISCLOSURE_FIELD_OF: Readonly<Record<string, DisclosureField>> = {
  disclosed_on: "disclosed_on",
  recipient: "recipient",
  recipient_address: "recipient_address",
  what: "what",
  purpose: "purpose",
};

/** One patient's disclosure form (the accounting of disclosures), its day checked against today (UTC); it empties for the next entry once recorded. */
export const createDisclosureFormMachine = (patient: PatientId, todayOf: (now: Date) => string) =>
  createCreateFormMachine<DisclosureDraft, DisclosureBody, DisclosureField, Disclosure>({
    id: "disclosureForm",
    check: (draft, now) => checkDisclosureDraft(draft, patient, todayOf(now)),
    fieldOfFailure: fieldOfRefusal(DISCLOSURE_FIELD_OF),
    refill: (written) => ({ draft: newDisclosureDraft(written.recorded_at.slice(0, 10)), basis: undefined }),
  });

export type DisclosureFormMachine = ReturnType<typeof createDisclosureFormMachine>;
