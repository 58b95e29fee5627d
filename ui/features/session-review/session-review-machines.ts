import { fromPromise } from "xstate";
import type { AttemptRow } from "../../../domain/session-review/attempt-mapping/map-session-detail.ts";
import type { AttemptCorrectionAnswer } from "../../../domain/session-review/correction-answer.ts";
import { attemptEditMachine } from "../../../machines/session-review/attempt-edit.machine.ts";
import type { LoadAttemptInput, SaveAttemptInput } from "../../../machines/session-review/attempt-edit.setup.ts";

// The session-review feature's machines get their effects here and in note-machines.ts (docs/ui.md,
// "Where machines are provided"); components pass in the calls they own and render the actor.

/** What correcting an attempt saves and reads with: the PATCH (its answer is the saved attempt and the session's figures) and the attempt as stored. */
export type AttemptEditDependencies = {
  readonly save: (input: SaveAttemptInput) => Promise<AttemptCorrectionAnswer>;
  readonly load: (input: LoadAttemptInput) => Promise<AttemptRow | null>;
};

/** The attempt-editing machine on the session-review port (docs/machines/attempt-edit.md). */
export const attemptEditLogicFor = ({ save, load }: AttemptEditDependencies) =>
  attemptEditMachine.provide({
    actors: {
      saveAttempt: fromPromise<AttemptCorrectionAnswer, SaveAttemptInput>(({ input }) => save(input)),
      loadAttempt: fromPromise<AttemptRow | null, LoadAttemptInput>(({ input }) => load(input)),
    },
  });
