import { afterEach, describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { NoteTypeId } from "../../domain/shared/ids.ts";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import { noteFormMachine, type SubmitNoteInput } from "./note-form.machine.ts";

// The note form: checked before any call, one save at a time, a refusal keeps what was typed.
type Io = { submitNote: { input: SubmitNoteInput; output: void } };
let fakes = createScriptedActors<Io>(["submitNote"]);

const observation = NoteTypeId.make(1);
const start = (typeId: NoteTypeId | null = observation, content = "") => {
  fakes = createScriptedActors<Io>(["submitNote"]);
  return createActor(noteFormMachine.provide({ actors: fakes.actors }), { input: { typeId, content } }).start();
};
const settled = (actor: ReturnType<typeof start>) => waitFor(actor, (snapshot) => !snapshot.matches("saving"));

afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

describe("the note form", () => {
  it("asks for a type and a text before any call", () => {
    const actor = start(null);
    actor.send({ type: "note.submit" });
    expect(actor.getSnapshot().context.problem).toEqual({ field: "type", message: "Choose a note type" });
    actor.send({ type: "note.type", typeId: observation });
    actor.send({ type: "note.content", content: "   " });
    actor.send({ type: "note.submit" });
    expect(actor.getSnapshot().value).toBe("filling");
    expect(actor.getSnapshot().context.problem).toEqual({ field: "content", message: "The note is required" });
    expect(fakes.calls.submitNote).toEqual([]);
  });

  it("sends the type and the trimmed text, and is back to filling once the page's save answered", async () => {
    const actor = start(observation, "  Needed a cue. ");
    fakes.resolveNext("submitNote", undefined);
    actor.send({ type: "note.submit" });
    expect(actor.getSnapshot().value).toBe("saving");
    // A second press while saving sends nothing more.
    actor.send({ type: "note.submit" });
    const snapshot = await settled(actor);
    expect(fakes.calls.submitNote).toEqual([{ typeId: observation, content: "Needed a cue." }]);
    expect(snapshot.value).toBe("filling");
    expect(snapshot.context).toMatchObject({ problem: null, failure: null });
  });

  it("keeps everything typed on a refused save, with the reason, until the next save", async () => {
    const actor = start(observation, "Needed a cue.");
    const refusal = { code: "ERROR_056", message: "The field is not valid", status: 400 };
    fakes.rejectNext("submitNote", refusal);
    actor.send({ type: "note.submit" });
    const refused = await settled(actor);
    expect(refused.context).toMatchObject({ typeId: observation, content: "Needed a cue.", failure: refusal });
    fakes.resolveNext("submitNote", undefined);
    actor.send({ type: "note.submit" });
    expect(actor.getSnapshot().context.failure).toBeNull();
    await settled(actor);
  });
});
