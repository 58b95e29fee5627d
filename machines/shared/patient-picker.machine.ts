import { assign, setup } from "xstate";
import { EMPTY_PATIENT_FILTERS, type PatientListFilters, withFilters } from "../../domain/patients/index.ts";

type FilterChange = Partial<Omit<PatientListFilters, "page" | "search">>;

export type PatientPickerContext = {
  /** The search as typed (spaces kept while typing); the list asks with it normalized. */
  readonly search: string;
  /** The statuses, review states and exercise levels to keep, and the page. */
  readonly filters: PatientListFilters;
};

export type PatientPickerEvent =
  | { readonly type: "search.change"; readonly text: string }
  | { readonly type: "filters.change"; readonly change: FilterChange }
  | { readonly type: "page.go"; readonly page: number };

/**
 * The search and filters of a patient picker (the patients list's own: text, statuses, review,
 * an exercise level they have) and its page. A change of what is shown starts again from the
 * first page (withFilters); `input` is where it starts (e.g. only active patients).
 */
export const patientPickerMachine = setup({
  types: { context: {} as PatientPickerContext, events: {} as PatientPickerEvent, input: {} as FilterChange },
}).createMachine({
  id: "patientPicker",
  context: ({ input }) => ({ search: "", filters: withFilters(EMPTY_PATIENT_FILTERS, input) }),
  on: {
    "search.change": { actions: assign(({ context, event }) => ({ search: event.text, filters: withFilters(context.filters, { search: event.text }) })) },
    "filters.change": { actions: assign(({ context, event }) => ({ filters: withFilters(context.filters, event.change) })) },
    "page.go": {
      guard: ({ event }) => Number.isInteger(event.page) && event.page >= 1,
      actions: assign(({ context, event }) => ({ filters: { ...context.filters, page: event.page } })),
    },
  },
});

/** What the list is asked for: the filters with the search as it settled (debounced by the page). */
export const pickerQuery = (context: PatientPickerContext, settledSearch: string): PatientListFilters => ({
  ...withFilters(context.filters, { search: settledSearch }),
  page: context.filters.page,
});
