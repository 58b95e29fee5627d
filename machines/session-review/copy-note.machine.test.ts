import { afterEach, describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import { type CopyTextInput, copyNoteMachine } from "./copy-note.machine.ts";

// Copy note: the clipboard's answer decides between "copied" (announced) and the manual copy.
type Io = { copyText: { input: CopyTextInput; output: void } };
let fakes = createScriptedActors<Io>(["copyText"]);
let announced = 0;

const start = () => {
  fakes = createScriptedActors<Io>(["copyText"]);
  announced = 0;
  return createActor(copyNoteMachine.provide({ actors: fakes.actors, actions: { announceCopied: () => void announced++ } })).start();
};
const settled = (actor: ReturnType<typeof start>) => waitFor(actor, (snapshot) => !snapshot.matches("copying"));

afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

describe("copy note", () => {
  it("copies the text it was given and announces it once", async () => {
    const actor = start();
    fakes.resolveNext("copyText", undefined);
    actor.send({ type: "note.copy", text: "Session note: Naming" });
    expect(actor.getSnapshot().value).toBe("copying");
    // A second press while copying asks nothing more.
    actor.send({ type: "note.copy", text: "Session note: Naming" });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("copied");
    expect(fakes.calls.copyText).toEqual([{ text: "Session note: Naming" }]);
    expect(announced).toBe(1);
  });

  it("keeps the note for copying by hand when the clipboard refuses, and tries again when asked", async () => {
    const actor = start();
    fakes.rejectNext("copyText", new DOMException("Write permission denied.", "NotAllowedError"));
    actor.send({ type: "note.copy", text: "first" });
    const refused = await settled(actor);
    expect(refused.value).toBe("manual");
    expect(refused.context.text).toBe("first");
    expect(announced).toBe(0);
    fakes.resolveNext("copyText", undefined);
    actor.send({ type: "note.copy", text: "second" });
    expect((await settled(actor)).value).toBe("copied");
    expect(fakes.calls.copyText).toEqual([{ text: "first" }, { text: "second" }]);
    expect(announced).toBe(1);
  });

  it("closes the manual copy", async () => {
    const actor = start();
    fakes.rejectNext("copyText", new Error("no clipboard"));
    actor.send({ type: "note.copy", text: "note" });
    await settled(actor);
    actor.send({ type: "manual.close" });
    expect(actor.getSnapshot().value).toBe("idle");
  });
});
