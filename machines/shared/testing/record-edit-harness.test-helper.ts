import { afterEach, expect } from "vitest";
import { createActor, waitFor } from "xstate";
import { isRecordSaveBusy, type LoadRecordInput, type RecordEditMachine, type SaveRecordInput, type VersionedRecord } from "../record-edit.machine.ts";
import { createScriptedActors } from "./scripted-actors.test-helper.ts";

/** The server's answer to a write naming a version the record no longer holds (docs/api.md). */
export const STALE_VERSION = { code: "ERROR_056", message: "Someone else changed this record since you opened it", status: 412, field: "version" };

type Io<R extends VersionedRecord, D> = {
  saveRecord: { input: SaveRecordInput<R, D>; output: R };
  loadRecord: { input: LoadRecordInput<R>; output: R };
};

/**
 * What every record-edit machine test needs (machines/shared/record-edit.machine.ts): scripted
 * save and load actors that fail the test on an unexpected call or an unused answer, an actor
 * started on `started`, a wait for the save to settle, and a conflict reached by a stale save
 * answered with `theirs`.
 */
export const recordEditHarness = <R extends VersionedRecord, D>(machine: RecordEditMachine<R, D>, started: R) => {
  const names = ["saveRecord", "loadRecord"] as const;
  let fakes = createScriptedActors<Io<R, D>>(names);
  afterEach(() => {
    expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
    expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
  });
  const start = () => {
    fakes = createScriptedActors<Io<R, D>>(names);
    return createActor(machine.provide({ actors: fakes.actors }), { input: { record: started } }).start();
  };
  type Actor = ReturnType<typeof start>;
  const settled = (actor: Actor) => waitFor(actor, (snapshot) => !isRecordSaveBusy(snapshot));
  const conflicted = async (draft: D, theirs: R): Promise<Actor> => {
    const actor = start();
    fakes.rejectNext("saveRecord", STALE_VERSION);
    fakes.resolveNext("loadRecord", theirs);
    actor.send({ type: "edit.save", draft });
    expect((await settled(actor)).value).toBe("conflict");
    return actor;
  };
  return { fakes: () => fakes, start, settled, conflicted };
};
