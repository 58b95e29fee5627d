import { assign, fromPromise, setup, type SnapshotFrom } from "xstate";
import type { PatientDraft } from "../../domain/patients/patient-form-state.ts";
import type { Patient, PatientPatchBody } from "../../domain/patients/index.ts";
import type { PatientId } from "../../domain/shared/ids.ts";
import { isStaleVersionFailure } from "../../domain/shared/record-conflict.ts";

export type PatientEditContext = {
  /** The record as the form was filled from it: its version is the one a save names. */
  readonly started: Patient;
  /** During a conflict: the record as someone else stored it meanwhile. */
  readonly current: Patient | null;
  /** The fields the person changed (measured from `started`), kept until they choose. */
  readonly pending: PatientPatchBody | null;
  /** The form as they typed it, for "your value". */
  readonly mine: PatientDraft | null;
  /** Why the last save failed, as the port rejected (the form places a failure on its field). */
  readonly failure: unknown;
  /** The record the server answered once a save went through. */
  readonly saved: Patient | null;
};

export type PatientEditEvent =
  | { readonly type: "edit.save"; readonly body: PatientPatchBody; readonly draft: PatientDraft }
  | { readonly type: "conflict.reload" }
  | { readonly type: "conflict.reapply" };

/** What `savePatient` is given: PATCH patients/{id}/ with `body`, If-Match the `version` the edit started from. */
export type SavePatientInput = { readonly id: PatientId; readonly body: PatientPatchBody; readonly version: number };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * Editing a patient's record (spec section 4, docs/patients.md "Concurrent edits"): a save sends
 * the fields the person changed, naming the version the form was filled from. Refused because
 * someone else changed the patient meanwhile, it becomes a conflict: the stored record is read,
 * what the person typed stays, and they choose to see the stored record or to save theirs again.
 */
export const patientEditMachine = setup({
  types: {
    context: {} as PatientEditContext,
    events: {} as PatientEditEvent,
    input: {} as { readonly record: Patient },
  },
  actors: {
    // Provided by the app (the patients port); placeholders fail loudly.
    savePatient: fromPromise<Patient, SavePatientInput>(() => Promise.reject(new Error('patient-edit actor "savePatient" was not provided'))),
    loadPatient: fromPromise<Patient, { readonly id: PatientId }>(() => Promise.reject(new Error('patient-edit actor "loadPatient" was not provided'))),
  },
  guards: {
    isStaleVersion: (_, error: unknown) => isStaleVersionFailure(error),
  },
  actions: {
    takeSave: assign(({ event }) => (event.type === "edit.save" ? { pending: event.body, mine: event.draft, failure: null } : {})),
    rememberFailure: assign((_, error: unknown) => ({ failure: error ?? null })),
    rememberSaved: assign((_, saved: Patient) => ({ saved, pending: null, mine: null, current: null })),
    rememberCurrent: assign((_, current: Patient) => ({ current })),
    // Their version replaces the form: the draft goes, the form fills from the stored record.
    takeCurrent: assign(({ context }) => ({ started: context.current ?? context.started, current: null, pending: null, mine: null })),
    // The same changes, now against the stored version; fields the person did not touch are not sent.
    reapplyOnCurrent: assign(({ context }) => ({ started: context.current ?? context.started, current: null, failure: null })),
  },
}).createMachine({
  id: "patientEdit",
  context: ({ input }) => ({ started: input.record, current: null, pending: null, mine: null, failure: null, saved: null }),
  initial: "editing",
  states: {
    editing: {
      on: { "edit.save": { target: "saving", actions: "takeSave" } },
    },
    saving: {
      invoke: {
        id: "savePatient",
        src: "savePatient",
        input: ({ context }): SavePatientInput => ({ id: context.started.id, body: context.pending ?? {}, version: context.started.version }),
        onDone: { target: "saved", actions: { type: "rememberSaved", params: ({ event }) => event.output } },
        onError: [
          { guard: { type: "isStaleVersion", params: errorOf }, target: "loadingCurrent" },
          { target: "editing", actions: { type: "rememberFailure", params: errorOf } },
        ],
      },
    },
    loadingCurrent: {
      invoke: {
        id: "loadPatient",
        src: "loadPatient",
        input: ({ context }) => ({ id: context.started.id }),
        onDone: { target: "conflict", actions: { type: "rememberCurrent", params: ({ event }) => event.output } },
        onError: { target: "editing", actions: { type: "rememberFailure", params: errorOf } },
      },
    },
    conflict: {
      on: {
        "conflict.reload": { target: "editing", actions: "takeCurrent" },
        "conflict.reapply": { target: "saving", actions: "reapplyOnCurrent" },
      },
    },
    saved: { type: "final" },
  },
});

export type PatientEditSnapshot = SnapshotFrom<typeof patientEditMachine>;

/** Whether a save is on its way (sent, or the stored record being read after a refusal). */
export const isPatientSaveBusy = (snapshot: PatientEditSnapshot): boolean => snapshot.matches("saving") || snapshot.matches("loadingCurrent");
