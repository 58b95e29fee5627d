import { fromPromise } from "xstate";
import type { DisclosureDraft } from "../../../domain/audit/disclosure-form.ts";
import type { Disclosure, DisclosureBody } from "../../../domain/audit/disclosure-wire.ts";
import { calendarDayIn } from "../../../domain/shared/calendar/zone.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { createDisclosureFormMachine } from "../../../machines/audit/disclosure-form.machine.ts";
import type { SubmitFormInput } from "../../../machines/shared/create-form.machine.ts";

// The disclosure form's machine gets its effect here and nowhere else (docs/ui.md, "Where machines are provided").

/** One patient's disclosure form, its day checked against today in UTC, recording through `record` (POST audit/disclosures/). */
export const disclosureFormLogicFor = (patient: PatientId, record: (body: DisclosureBody) => Promise<Disclosure>) =>
  createDisclosureFormMachine(patient, (now) => calendarDayIn(now, "UTC")).provide({
    actors: { submitForm: fromPromise<Disclosure, SubmitFormInput<DisclosureDraft, DisclosureBody>>(({ input }) => record(input.value)) },
  });
