import { attemptEditSetup, rememberError } from "./attempt-edit.setup.ts";

/**
 * The save was refused because someone else changed the attempt since it was opened: the session
 * is read again for the attempt as stored now, and the reviewer's draft stays as typed.
 */
export const loadingCurrentState = attemptEditSetup.createStateConfig({
  invoke: {
    id: "loadAttempt",
    src: "loadAttempt",
    input: ({ context }) => {
      if (context.row === null) throw new Error("attempt-edit: a conflict without an open row");
      return { attemptId: context.row.id };
    },
    onDone: [
      { guard: { type: "currentIsFound", params: ({ event }) => event.output }, target: "conflict", actions: { type: "rememberCurrent", params: ({ event }) => event.output } },
      // The attempt is gone from the session: nothing is left to correct.
      { target: "viewing", actions: "close" },
    ],
    onError: { target: "editing", actions: rememberError },
  },
});

/**
 * The reviewer decides: see their version (the draft goes, the row opens as stored now) or save
 * theirs again against the stored version (the fields they did not touch take the stored values).
 */
export const conflictState = attemptEditSetup.createStateConfig({
  on: {
    "conflict.reload": { target: "editing", actions: "takeCurrent" },
    // Their fields were valid when first saved and the rest is what is stored, so no new check;
    // a correction the stored attempt already holds sends nothing.
    "conflict.reapply": [
      { guard: "reappliedIsUnchanged", target: "viewing", actions: "close" },
      { target: "saving", actions: "reapplyOnCurrent" },
    ],
    "edit.cancel": { target: "viewing", actions: "close" },
  },
});
