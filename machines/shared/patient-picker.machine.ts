import { assign, setup } from "xstate";
import { EMPTY_PATIENT_FILTERS, type PatientListFilters, withFilters } from "../../domain/patients/index.ts";

export type PatientPickerEvent =
  | { readonly type: "filters.change"; readonly change: Partial<Omit<PatientListFilters, "page">> }
  | { readonly type: "page.go"; readonly page: number };

/**
 * The search and filters of a patient picker (the patients list's own: text, statuses, review,
 * an exercise level they have) and its page. A change of what is shown starts again from the
 * first page (withFilters); `input` is where it starts (e.g. only active patients).
 */
export const patientPickerMachine = setup({
  types: { context: {} as PatientListFilters, events: {} as PatientPickerEvent, input: {} as Partial<Omit<PatientListFilters, "page">> },
}).createMachine({
  id: "patientPicker",
  context: ({ input }) => withFilters(EMPTY_PATIENT_FILTERS, input),
  on: {
    "filters.change": { actions: assign(({ context, event }) => withFilters(context, event.change)) },
    "page.go": { guard: ({ event }) => Number.isInteger(event.page) && event.page >= 1, actions: assign({ page: ({ event }) => event.page }) },
  },
});
