import { assign, fromPromise, setup } from "xstate";
import type { PatientListItem, PatientListResponse } from "../../domain/patients/index.ts";
import { toAuthFailure, type AuthFailure } from "../shared/auth-failure.ts";

/** Spec section 9: the staff-assigned patient list waits this long before fetching each next page. */
export const STAFF_PATIENTS_PAGE_PAUSE_MS = 5000;

type StaffPatientsContext = {
  /** The SLP whose patients are listed (patients/filtered-list-by-staff's staff_id). */
  readonly staffId: number;
  /** Every row loaded so far, page after page. */
  readonly rows: readonly PatientListItem[];
  /** The last page loaded (0 before the first). */
  readonly page: number;
  /**
   * The key cursor after the last row loaded (`next_cursor`), so each next page is a walk of one
   * page through the index rather than an offset past every row before it; absent before the first
   * page and from a server that gives none, when the page number alone asks for the next page.
   */
  readonly cursor: string | null;
  readonly totalPages: number;
  readonly count: number;
  readonly error: AuthFailure | null;
};

type StaffPatientsEvent = { readonly type: "retry" };

/** What the machine asks the patients port for: the SLP, the page number and, after page 1, the cursor that leads there. */
export type StaffPatientsPageRequest = { readonly staffId: number; readonly page: number; readonly cursor?: string };

/**
 * The staff-assigned patient list (spec sections 4 and 9): loads page 1, then, while the last
 * page loaded is below the total, waits 5000 ms and loads the next, appending its rows. It stops
 * at the last page, on a failure (until `retry`), and when the actor stops (the page unmounts),
 * which cancels a pending pause and the call in flight.
 */
export const staffPatientsMachine = setup({
  types: {
    context: {} as StaffPatientsContext,
    events: {} as StaffPatientsEvent,
    input: {} as { readonly staffId: number },
  },
  actors: {
    // Provided by the app (the patients port); placeholders fail loudly.
    loadPage: fromPromise<PatientListResponse, StaffPatientsPageRequest>(() =>
      Promise.reject(new Error('staff-patients actor "loadPage" was not provided')),
    ),
  },
  delays: { pageDelay: STAFF_PATIENTS_PAGE_PAUSE_MS },
  guards: {
    hasNextPage: ({ context }) => context.page < context.totalPages,
  },
  actions: {
    appendPage: assign(({ context }, page: PatientListResponse) => ({
      rows: [...context.rows, ...page.results],
      page: page.current_page,
      totalPages: page.total_pages,
      count: page.count,
      cursor: page.next_cursor ?? null,
      error: null,
    })),
    rememberFailure: assign((_, error: unknown) => ({ error: toAuthFailure(error) })),
  },
}).createMachine({
  id: "staffPatients",
  context: ({ input }) => ({ staffId: input.staffId, rows: [], page: 0, totalPages: 1, count: 0, cursor: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "loadPage",
        input: ({ context }): StaffPatientsPageRequest => ({
          staffId: context.staffId,
          page: context.page + 1,
          ...(context.cursor === null ? {} : { cursor: context.cursor }),
        }),
        onDone: { target: "loaded", actions: { type: "appendPage", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "rememberFailure", params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    loaded: {
      always: [{ guard: "hasNextPage", target: "pausing" }, { target: "complete" }],
    },
    pausing: {
      after: { pageDelay: "loading" },
    },
    failed: {
      on: { retry: "loading" },
    },
    complete: { type: "final" },
  },
});
