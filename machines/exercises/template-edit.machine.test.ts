import { describe, expect, it } from "vitest";
import type { TemplateDraft } from "../../domain/exercises/template-conflict.ts";
import type { ExerciseTemplate } from "../../domain/exercises/templates-wire.ts";
import { ExerciseTemplateId, GameId, InstitutionId } from "../../domain/shared/ids.ts";
import { recordEditHarness, STALE_VERSION } from "../shared/testing/record-edit-harness.test-helper.ts";
import { templateEditMachine } from "./template-edit.machine.ts";


const form = { difficulty: "easy", amount_challenges: 2, amount_trials: 1, min_repetitions_per_day: 1, max_repetitions_per_day: 2, unlimited: false } as const;
const naming = { id: GameId.make(3), type: "naming", name: "Picture naming" } as const;
const started: ExerciseTemplate = {
  id: ExerciseTemplateId.make(1),
  name: "Starter",
  institution: InstitutionId.make(2),
  games: [{ game: naming, forms: [form] }],
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  version: 1,
};
// Someone else added the hard level meanwhile; the person renamed the template.
const theirs: ExerciseTemplate = { ...started, games: [{ game: naming, forms: [form, { ...form, difficulty: "hard" }] }], version: 2 };
const mine: TemplateDraft = { name: "Starter drills", levels: new Map([[3, ["easy"]]]) };

const harness = recordEditHarness(templateEditMachine, started);
const { start, settled } = harness;
const conflicted = () => harness.conflicted(mine, theirs);

describe("editing a template", () => {
  it("saves against the version it was opened on and ends with the stored template", async () => {
    const actor = start();
    const saved = { ...started, name: mine.name, version: 2 };
    harness.fakes().resolveNext("saveRecord", saved);
    actor.send({ type: "edit.save", draft: mine });
    const snapshot = await settled(actor);
    expect(harness.fakes().calls.saveRecord).toEqual([{ record: started, draft: mine }]);
    expect(snapshot.context.saved).toEqual(saved);
    expect(snapshot.status).toBe("done");
  });

  it("a refused name goes back to the editor with its reason, and reads nothing", async () => {
    const actor = start();
    harness.fakes().rejectNext("saveRecord", { code: "ERROR_031", message: "The name already exists", status: 400, field: "name" });
    actor.send({ type: "edit.save", draft: mine });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("editing");
    expect(snapshot.context.failure).toMatchObject({ field: "name" });
    expect(harness.fakes().calls.loadRecord).toEqual([]);
  });
});

describe("someone else changed the template meanwhile", () => {
  it("a stale save reads the stored template and keeps the draft", async () => {
    const actor = await conflicted();
    expect(harness.fakes().calls.loadRecord).toEqual([{ record: started }]);
    expect(actor.getSnapshot().context).toMatchObject({ started, current: theirs, mine, failure: null });
  });

  it("reload drops the draft: the editor starts again from the stored template", async () => {
    const actor = await conflicted();
    actor.send({ type: "conflict.reload" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context).toMatchObject({ started: theirs, current: null, mine: null });
  });

  it("reapply keeps the new name and takes their levels, naming the stored version", async () => {
    const actor = await conflicted();
    harness.fakes().resolveNext("saveRecord", { ...theirs, name: mine.name, version: 3 });
    actor.send({ type: "conflict.reapply" });
    const snapshot = await settled(actor);
    const second = harness.fakes().calls.saveRecord[1];
    expect(second?.record).toEqual(theirs);
    expect(second?.draft.name).toBe("Starter drills");
    expect([...(second?.draft.levels ?? [])]).toEqual([[3, ["easy", "hard"]]]);
    expect(snapshot.status).toBe("done");
  });

  it("if the stored template cannot be read, the editor stays with the reason and the draft", async () => {
    const actor = start();
    harness.fakes().rejectNext("saveRecord", STALE_VERSION);
    harness.fakes().rejectNext("loadRecord", { code: "ERROR_030", message: "Template not found", status: 404 });
    actor.send({ type: "edit.save", draft: mine });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("editing");
    expect(snapshot.context).toMatchObject({ failure: { status: 404 }, mine });
  });
});
