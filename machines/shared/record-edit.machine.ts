import { assign, fromPromise, setup, type SnapshotFrom } from "xstate";
import { isStaleVersionFailure } from "../../domain/shared/record-conflict.ts";

/** A record a form edits: whatever it holds, its version is the one a save names. */
export type VersionedRecord = { readonly version: number };

export type RecordEditContext<R extends VersionedRecord, D> = {
  /** The record as the form was filled from it: its version is the one a save names. */
  readonly started: R;
  /** During a conflict: the record as someone else stored it meanwhile. */
  readonly current: R | null;
  /** The form as the person last saved it, kept until they choose. */
  readonly mine: D | null;
  /** Why the last save or the read after it failed, as the port rejected (the form shows it). */
  readonly failure: unknown;
  /** The record the server answered once a save went through. */
  readonly saved: R | null;
  /** How many times the person chose their version (`conflict.reload`): a page keys its form on it, so only that choice starts a fresh form. */
  readonly reloads: number;
};

export type RecordEditEvent<D> =
  | { readonly type: "edit.save"; readonly draft: D }
  | { readonly type: "conflict.reload" }
  | { readonly type: "conflict.reapply" };

/** What `saveRecord` is given: the record as the form started from it (its version goes as If-Match) and the draft to write. */
export type SaveRecordInput<R extends VersionedRecord, D> = { readonly record: R; readonly draft: D };

/** What `loadRecord` is given: the record whose stored state is to be read again. */
export type LoadRecordInput<R extends VersionedRecord> = { readonly record: R };

export type RecordEditOptions<R extends VersionedRecord, D> = {
  /** The machine's id (it names the diagram's root). */
  readonly id: string;
  /** The person's draft carried onto the stored record: their fields stay, the rest takes the stored values (a domain rule). */
  readonly rebase: (started: R, current: R, draft: D) => D;
};

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * Editing one versioned record (docs/adapters.md, "Concurrent edits"): a save names the version
 * the form was filled from. Refused because someone else changed the record meanwhile, it becomes
 * a conflict: the stored record is read, the draft stays, and the person chooses to see the stored
 * record (`conflict.reload`) or to save theirs again against it (`conflict.reapply`, only the
 * fields they changed win). The page provides `saveRecord` and `loadRecord`.
 */
export const createRecordEditMachine = <R extends VersionedRecord, D>({ id, rebase }: RecordEditOptions<R, D>) =>
  setup({
    types: {
      context: {} as RecordEditContext<R, D>,
      events: {} as RecordEditEvent<D>,
      input: {} as { readonly record: R },
    },
    actors: {
      // Provided by the page; placeholders fail loudly.
      saveRecord: fromPromise<R, SaveRecordInput<R, D>>(() => Promise.reject(new Error(`${id} actor "saveRecord" was not provided`))),
      loadRecord: fromPromise<R, LoadRecordInput<R>>(() => Promise.reject(new Error(`${id} actor "loadRecord" was not provided`))),
    },
    guards: {
      isStaleVersion: (_, error: unknown) => isStaleVersionFailure(error),
    },
    actions: {
      takeSave: assign(({ event }) => (event.type === "edit.save" ? { mine: event.draft, failure: null } : {})),
      rememberFailure: assign((_, error: unknown) => ({ failure: error ?? null })),
      rememberSaved: assign((_, saved: R) => ({ saved, mine: null, current: null })),
      rememberCurrent: assign((_, current: R) => ({ current })),
      // Their version replaces the form: the draft goes, the form fills from the stored record.
      takeCurrent: assign(({ context }) => ({ started: context.current ?? context.started, current: null, mine: null, failure: null, reloads: context.reloads + 1 })),
      // The same changes, now against the stored version; fields the person did not touch take the stored values.
      reapplyOnCurrent: assign(({ context }) =>
        context.current === null || context.mine === null
          ? {}
          : { started: context.current, mine: rebase(context.started, context.current, context.mine), current: null, failure: null },
      ),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ started: input.record, current: null, mine: null, failure: null, saved: null, reloads: 0 }),
    initial: "editing",
    states: {
      editing: {
        on: { "edit.save": { target: "saving", actions: "takeSave" } },
      },
      saving: {
        invoke: {
          id: "saveRecord",
          src: "saveRecord",
          input: ({ context }) => {
            if (context.mine === null) throw new Error(`${id}: a save without a draft`);
            return { record: context.started, draft: context.mine };
          },
          onDone: { target: "saved", actions: { type: "rememberSaved", params: ({ event }) => event.output } },
          onError: [
            { guard: { type: "isStaleVersion", params: errorOf }, target: "loadingCurrent" },
            { target: "editing", actions: { type: "rememberFailure", params: errorOf } },
          ],
        },
      },
      loadingCurrent: {
        invoke: {
          id: "loadRecord",
          src: "loadRecord",
          input: ({ context }) => ({ record: context.started }),
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

export type RecordEditMachine<R extends VersionedRecord, D> = ReturnType<typeof createRecordEditMachine<R, D>>;
export type RecordEditSnapshot<R extends VersionedRecord, D> = SnapshotFrom<RecordEditMachine<R, D>>;

/** Whether a save is on its way (sent, or the stored record being read after a refusal). */
export const isRecordSaveBusy = (snapshot: { matches: (state: "saving" | "loadingCurrent") => boolean }): boolean =>
  snapshot.matches("saving") || snapshot.matches("loadingCurrent");
