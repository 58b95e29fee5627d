import * as Schema from "effect/Schema";
import { afterEach, describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { draftFromRow } from "../../domain/session-review/attempt-draft.ts";
import type { EditField } from "../../domain/session-review/attempt-edit.ts";
import type { AttemptPatchWire } from "../../domain/session-review/attempt-patch.ts";
import type { AttemptRow } from "../../domain/session-review/attempt-mapping/map-session-detail.ts";
import { SESSION_DETAIL_EXAMPLES } from "../../domain/session-review/attempt-mapping/session-detail-examples.fixtures.ts";
import { AttemptCorrectionAnswer } from "../../domain/session-review/correction-answer.ts";
import { exampleRow } from "../../domain/session-review/example-rows.test-helper.ts";
import { catalogueMessage } from "../../domain/shared/error-catalogue.ts";
import type { GameType } from "../../domain/shared/games/game-type.ts";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import { attemptEditMachine, isEditingRow } from "./attempt-edit.machine.ts";
import type { LoadAttemptInput, SaveAttemptInput } from "./attempt-edit.setup.ts";

// The machine's only calls: the PATCH and, after a stale refusal, the attempt as stored. A fake
// answers only what a test scripted; any other call (a read of the session after a save) fails it.
type Io = {
  saveAttempt: { input: SaveAttemptInput; output: AttemptCorrectionAnswer };
  loadAttempt: { input: LoadAttemptInput; output: AttemptRow | null };
};
const ACTORS = ["saveAttempt", "loadAttempt"] as const;

let fakes = createScriptedActors<Io>(ACTORS);
/** The answers the machine announced as `attempt.corrected`, in order. */
let announced: AttemptCorrectionAnswer[] = [];

const start = (gameType: GameType) => {
  fakes = createScriptedActors<Io>(ACTORS);
  announced = [];
  const actor = createActor(attemptEditMachine.provide({ actors: fakes.actors }), { input: { gameType } });
  actor.on("attempt.corrected", (event) => announced.push(event.answer));
  return actor.start();
};

const exampleAttempt = SESSION_DETAIL_EXAMPLES.naming.challenges_in_session[0]?.attempts[0];
/** PATCH's answer for an attempt: the attempt as stored (its next version) and the session's figures. */
const answerFor = (row: AttemptRow): AttemptCorrectionAnswer =>
  Schema.decodeUnknownSync(AttemptCorrectionAnswer)({
    ...exampleAttempt,
    id: row.id,
    version: row.version + 1,
    session: {
      id: 101,
      total_score: 2.7,
      total_score_percentage_change: 35,
      accuracy_percentage: 100,
      accuracy_percentage_change: null,
      avg_duration_per_content: 12,
      avg_duration_per_content_percentage_change: null,
      game_metrics: {},
    },
  });

afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

const naming = exampleRow("naming", 5001, "naming");
const otherNaming = exampleRow("naming", 5002, "naming");
const lockedNaming = exampleRow("naming", 5003, "naming");

const settled = (actor: ReturnType<typeof start>) =>
  waitFor(actor, (snapshot) => !snapshot.matches("saving") && !snapshot.matches("loadingCurrent"));

describe("opening a row", () => {
  it("refuses a row the server does not flag editable", () => {
    const actor = start("naming");
    expect(actor.getSnapshot().can({ type: "edit.start", row: lockedNaming })).toBe(false);
    actor.send({ type: "edit.start", row: lockedNaming });
    expect(actor.getSnapshot().value).toBe("viewing");
    expect(actor.getSnapshot().context.row).toBeNull();
  });

  it("opens an editable row with its own values", () => {
    const actor = start("naming");
    actor.send({ type: "edit.start", row: naming });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe("editing");
    expect(snapshot.context.draft).toEqual({ score: "0", result: "incorrect" });
    expect(isEditingRow(snapshot, naming.id)).toBe(true);
    expect(isEditingRow(snapshot, otherNaming.id)).toBe(false);
  });

  it("corrects one row at a time: another row is ignored while one is open or saving", async () => {
    const actor = start("naming");
    actor.send({ type: "edit.start", row: naming });
    actor.send({ type: "edit.change", field: "score", value: "0.3" });
    expect(actor.getSnapshot().can({ type: "edit.start", row: otherNaming })).toBe(false);
    actor.send({ type: "edit.start", row: otherNaming });
    expect(actor.getSnapshot().context.row?.id).toBe(naming.id);
    expect(actor.getSnapshot().context.draft.score).toBe("0.3");

    fakes.resolveNext("saveAttempt", answerFor(naming));
    actor.send({ type: "edit.save" });
    expect(actor.getSnapshot().value).toBe("saving");
    actor.send({ type: "edit.start", row: otherNaming });
    actor.send({ type: "edit.cancel" });
    expect(actor.getSnapshot().value).toBe("saving");
    expect(actor.getSnapshot().context.row?.id).toBe(naming.id);
    await settled(actor);
    expect(fakes.calls.saveAttempt).toEqual([{ attemptId: naming.id, body: { score: 0.3 }, version: naming.version }]);
  });
});

describe("typing and cancelling", () => {
  it("ignores a field the row's kind does not offer (Parrot corrects only the result)", () => {
    const actor = start("parrot");
    actor.send({ type: "edit.start", row: exampleRow("parrot", 5701, "parrot") });
    expect(actor.getSnapshot().can({ type: "edit.change", field: "score", value: "0.2" })).toBe(false);
    actor.send({ type: "edit.change", field: "score", value: "0.2" });
    expect(actor.getSnapshot().context.draft).toEqual({ result: "correct" });
  });

  it("cancel discards the draft: the row opens again with its own values, and nothing is sent", () => {
    const actor = start("naming");
    actor.send({ type: "edit.start", row: naming });
    actor.send({ type: "edit.change", field: "score", value: "0.9" });
    actor.send({ type: "edit.change", field: "result", value: "correct" });
    actor.send({ type: "edit.cancel" });
    expect(actor.getSnapshot().value).toBe("viewing");
    expect(actor.getSnapshot().context).toMatchObject({ row: null, draft: {}, fieldErrors: {} });
    actor.send({ type: "edit.start", row: naming });
    expect(actor.getSnapshot().context.draft).toEqual(draftFromRow(naming));
  });
});

describe("saving", () => {
  it("keeps the editor open on an invalid score, with the rule's message, until the score is retyped", () => {
    const actor = start("naming");
    actor.send({ type: "edit.start", row: naming });
    actor.send({ type: "edit.change", field: "score", value: "1.5" });
    actor.send({ type: "edit.change", field: "result", value: "sometimes" });
    actor.send({ type: "edit.save" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      score: "The score must be between 0 and 1 in steps of 0.1",
      result: catalogueMessage("ERROR_052"),
    });
    actor.send({ type: "edit.change", field: "score", value: "" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ result: catalogueMessage("ERROR_052") });
    actor.send({ type: "edit.change", field: "result", value: "correct" });
    actor.send({ type: "edit.save" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ score: "The score is required" });
    expect(fakes.calls.saveAttempt).toEqual([]);
  });

  it("closes without a call when nothing changed, even if a value was retyped the same, and says so (attempt.unchanged)", () => {
    const actor = start("naming");
    const unchanged: string[] = [];
    actor.on("attempt.unchanged", (event) => unchanged.push(event.type));
    actor.send({ type: "edit.start", row: naming });
    actor.send({ type: "edit.change", field: "score", value: "0.0" });
    expect(actor.getSnapshot().can({ type: "edit.save" })).toBe(true);
    actor.send({ type: "edit.save" });
    expect(actor.getSnapshot().value).toBe("viewing");
    expect(actor.getSnapshot().context.lastSaved).toBeNull();
    expect(fakes.calls.saveAttempt).toEqual([]);
    expect(announced).toEqual([]);
    expect(unchanged).toEqual(["attempt.unchanged"]);
  });

  const cases: ReadonlyArray<{
    readonly game: GameType;
    readonly row: ReturnType<typeof exampleRow>;
    readonly changes: ReadonlyArray<readonly [EditField, string]>;
    readonly body: AttemptPatchWire;
  }> = [
    { game: "naming", row: naming, changes: [["score", "0.7"]], body: { score: 0.7 } },
    { game: "memory_grid", row: exampleRow("memory_grid", 5101, "memory_grid"), changes: [["result", "correct"]], body: { score_details: { is_correct: true } } },
    {
      game: "medication_management",
      row: exampleRow("medication_management", 5202, "medication_management_directions"),
      changes: [["score", "1"], ["result", "correct"]],
      body: { score: 1, score_details: { is_correct: true } },
    },
    {
      game: "social_situations",
      row: exampleRow("social_situations", 5301, "social_situations_open"),
      changes: [["transcription", "  Hi! How are you?  "]],
      body: { score_details: { transcription: "Hi! How are you?" } },
    },
    {
      game: "verbal_fluency",
      row: exampleRow("verbal_fluency", 5401, "verbal_fluency"),
      changes: [["words", " cat , dog,, horse ,lion, tiger "], ["score", "0.9"]],
      body: { score: 0.9, attempt_data: { spoken_words: { correct_words: ["cat", "dog", "horse", "lion", "tiger"] } } },
    },
    { game: "pill_sorting", row: exampleRow("pill_sorting", 5501, "pill_sorting"), changes: [["score", ".6"]], body: { score: 0.6 } },
    { game: "chitchat_ai", row: exampleRow("chitchat_ai", 5601, "chitchat_ai"), changes: [["result", "incorrect"]], body: { score_details: { is_correct: false } } },
    {
      game: "parrot",
      row: exampleRow("parrot", 5702, "parrot"),
      changes: [["score", "1"], ["result", "correct"]],
      body: { score_details: { is_correct: true } },
    },
  ];

  it.each(cases.map((testCase) => [testCase.game, testCase] as const))("%s: sends exactly the changed fields and announces the answer, with no second read", async (_, testCase) => {
    const actor = start(testCase.game);
    actor.send({ type: "edit.start", row: testCase.row });
    for (const [field, value] of testCase.changes) actor.send({ type: "edit.change", field, value });
    const answer = answerFor(testCase.row);
    fakes.resolveNext("saveAttempt", answer);
    actor.send({ type: "edit.save" });
    expect(isEditingRow(actor.getSnapshot(), testCase.row.id)).toBe(true);
    const snapshot = await settled(actor);
    expect(fakes.calls.saveAttempt).toEqual([{ attemptId: testCase.row.id, body: testCase.body, version: testCase.row.version }]);
    // The PATCH answer is the news: the saved attempt and the session's figures, once; nothing is read again.
    expect(announced).toEqual([answer]);
    expect(fakes.calls.loadAttempt).toEqual([]);
    expect(snapshot.value).toBe("viewing");
    expect(snapshot.context).toMatchObject({ row: null, draft: {}, failure: null, lastSaved: testCase.row.id });
  });

  it("announces the correction only once the save has answered, with the row marked as being corrected until then", async () => {
    fakes = createScriptedActors<Io>(ACTORS);
    announced = [];
    let answerSave: (answer: AttemptCorrectionAnswer) => void = () => {};
    const actor = createActor(
      attemptEditMachine.provide({ actors: { ...fakes.actors, saveAttempt: fromPromise<AttemptCorrectionAnswer, SaveAttemptInput>(() => new Promise((resolve) => (answerSave = resolve))) } }),
      { input: { gameType: "naming" } },
    );
    actor.on("attempt.corrected", (event) => announced.push(event.answer));
    actor.start();
    actor.send({ type: "edit.start", row: naming });
    actor.send({ type: "edit.change", field: "result", value: "correct" });
    actor.send({ type: "edit.save" });
    expect(isEditingRow(actor.getSnapshot(), naming.id)).toBe(true);
    expect(announced).toEqual([]);
    answerSave(answerFor(naming));
    expect((await settled(actor)).value).toBe("viewing");
    expect(announced.map((answer) => answer.id)).toEqual([naming.id]);
  });

  it("shows the server's refusal in the catalogue's words and keeps the draft to fix and save again", async () => {
    const actor = start("naming");
    actor.send({ type: "edit.start", row: naming });
    actor.send({ type: "edit.change", field: "score", value: "0.4" });
    fakes.rejectNext("saveAttempt", { code: "ERROR_056", message: catalogueMessage("ERROR_056"), status: 400 });
    actor.send({ type: "edit.save" });
    const refused = await settled(actor);
    expect(refused.value).toBe("editing");
    expect(refused.context.failure).toEqual({ code: "ERROR_056", message: "The field is not valid", status: 400 });
    expect(refused.context.draft).toEqual({ score: "0.4", result: "incorrect" });
    expect(refused.context.lastSaved).toBeNull();
    expect(announced).toEqual([]);

    fakes.rejectNext("saveAttempt", new TypeError("Failed to fetch"));
    actor.send({ type: "edit.save" });
    expect(actor.getSnapshot().context.failure).toBeNull();
    const offline = await settled(actor);
    expect(offline.context.failure).toEqual({ code: "ERROR_001", message: catalogueMessage("ERROR_001") });

    fakes.resolveNext("saveAttempt", answerFor(naming));
    actor.send({ type: "edit.save" });
    expect((await settled(actor)).context).toMatchObject({ failure: null, lastSaved: naming.id });
    expect(announced).toHaveLength(1);
    expect(fakes.calls.saveAttempt.map((call) => call.body)).toEqual([{ score: 0.4 }, { score: 0.4 }, { score: 0.4 }]);
  });

  it("a game the portal does not know is refused before any call", () => {
    fakes = createScriptedActors<Io>(ACTORS);
    const actor = createActor(attemptEditMachine.provide({ actors: fakes.actors }), { input: { gameType: "chess" } }).start();
    actor.send({ type: "edit.start", row: naming });
    actor.send({ type: "edit.change", field: "score", value: "0.5" });
    actor.send({ type: "edit.save" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.failure).toEqual({ code: "ERROR_001", message: "Unsupported game type" });
  });
});

describe("someone else corrected the attempt meanwhile", () => {
  const STALE = { code: "ERROR_056", message: "Someone else changed this record since you opened it", status: 412, field: "version" };
  // Another reviewer set the result to correct and the score to 0.5: version 2.
  const theirs: AttemptRow = { ...naming, isCorrect: true, score: 0.5, version: naming.version + 1 };

  const conflicted = async () => {
    const actor = start("naming");
    actor.send({ type: "edit.start", row: naming });
    actor.send({ type: "edit.change", field: "score", value: "0.9" });
    fakes.rejectNext("saveAttempt", STALE);
    fakes.resolveNext("loadAttempt", theirs);
    actor.send({ type: "edit.save" });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("conflict");
    return actor;
  };

  it("a 412 on the version reads the attempt as stored now and keeps the draft as typed", async () => {
    const actor = await conflicted();
    const { context } = actor.getSnapshot();
    expect(fakes.calls.loadAttempt).toEqual([{ attemptId: naming.id }]);
    expect(context).toMatchObject({ row: naming, current: theirs, draft: { score: "0.9", result: "incorrect" }, failure: null });
    expect(isEditingRow(actor.getSnapshot(), naming.id)).toBe(true);
    expect(announced).toEqual([]);
  });

  it("reload drops the draft and opens the row as stored now; a later save names the new version", async () => {
    const actor = await conflicted();
    actor.send({ type: "conflict.reload" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context).toMatchObject({ row: theirs, current: null, draft: draftFromRow(theirs) });
    expect(fakes.calls.saveAttempt).toHaveLength(1);
    actor.send({ type: "edit.change", field: "score", value: "0.6" });
    fakes.resolveNext("saveAttempt", answerFor(theirs));
    actor.send({ type: "edit.save" });
    await settled(actor);
    expect(announced.map((answer) => answer.version)).toEqual([theirs.version + 1]);
    expect(fakes.calls.saveAttempt.at(-1)).toEqual({ attemptId: naming.id, body: { score: 0.6 }, version: theirs.version });
  });

  it("reapply sends the reviewer's field again against the new version, and leaves the field they did not touch as stored", async () => {
    const actor = await conflicted();
    fakes.resolveNext("saveAttempt", answerFor(theirs));
    actor.send({ type: "conflict.reapply" });
    const snapshot = await settled(actor);
    // Only the score is theirs to send: the result another reviewer set to correct is not undone.
    expect(fakes.calls.saveAttempt).toEqual([
      { attemptId: naming.id, body: { score: 0.9 }, version: naming.version },
      { attemptId: naming.id, body: { score: 0.9 }, version: theirs.version },
    ]);
    expect(snapshot.value).toBe("viewing");
    expect(snapshot.context.lastSaved).toBe(naming.id);
  });

  it("reapply of a correction the stored attempt already holds sends nothing", async () => {
    const actor = start("naming");
    actor.send({ type: "edit.start", row: naming });
    actor.send({ type: "edit.change", field: "score", value: "0.5" });
    fakes.rejectNext("saveAttempt", STALE);
    fakes.resolveNext("loadAttempt", theirs);
    actor.send({ type: "edit.save" });
    await settled(actor);
    actor.send({ type: "conflict.reapply" });
    expect(actor.getSnapshot().value).toBe("viewing");
    expect(fakes.calls.saveAttempt).toHaveLength(1);
  });

  it("a stale refusal is told from others: a 400 on the version field is shown, not a conflict", async () => {
    const actor = start("naming");
    actor.send({ type: "edit.start", row: naming });
    actor.send({ type: "edit.change", field: "score", value: "0.9" });
    fakes.rejectNext("saveAttempt", { ...STALE, status: 400 });
    actor.send({ type: "edit.save" });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("editing");
    expect(snapshot.context.failure).toMatchObject({ status: 400 });
    expect(fakes.calls.loadAttempt).toEqual([]);
  });

  it("if the stored attempt cannot be read, the draft stays open with the reason", async () => {
    const actor = start("naming");
    actor.send({ type: "edit.start", row: naming });
    actor.send({ type: "edit.change", field: "score", value: "0.9" });
    fakes.rejectNext("saveAttempt", STALE);
    fakes.rejectNext("loadAttempt", { code: "ERROR_001", message: "An error occurred", status: 503 });
    actor.send({ type: "edit.save" });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("editing");
    expect(snapshot.context).toMatchObject({ draft: { score: "0.9" }, failure: { status: 503 } });
  });

  it("an attempt gone from the session closes the editor; cancel in a conflict closes it too", async () => {
    const gone = start("naming");
    gone.send({ type: "edit.start", row: naming });
    gone.send({ type: "edit.change", field: "score", value: "0.9" });
    fakes.rejectNext("saveAttempt", STALE);
    fakes.resolveNext("loadAttempt", null);
    gone.send({ type: "edit.save" });
    expect((await settled(gone)).value).toBe("viewing");

    const actor = await conflicted();
    actor.send({ type: "edit.cancel" });
    expect(actor.getSnapshot().context).toMatchObject({ row: null, current: null, draft: {} });
  });
});
