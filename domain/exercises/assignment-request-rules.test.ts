import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { checkAssignmentRequest, checkSomethingToAssign } from "./assignment-request-rules.ts";

const form = { difficulty: "easy" };
const games = fc.array(fc.record({ forms: fc.array(fc.constant(form), { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 4 });
const distinctPatients = fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 20 });

describe("checkAssignmentRequest", () => {
  it("says each refusal on the field to fix, in order", () => {
    expect(checkAssignmentRequest({ patients: [], games: [] })).toMatchObject({ ok: false, code: "ERROR_056", field: "patients", reason: "no_patient" });
    expect(checkAssignmentRequest({ patients: [1] })).toMatchObject({ ok: false, field: "games", reason: "games_or_template" });
    expect(checkAssignmentRequest({ patients: [1], games: [{ forms: [form] }], template: 3 })).toMatchObject({ ok: false, field: "template", reason: "games_or_template" });
    expect(checkAssignmentRequest({ patients: [1, 2, 1], template: 3 })).toMatchObject({ ok: false, field: "patients.2", reason: "duplicate_patient" });
    expect(checkAssignmentRequest({ patients: [1], games: [] })).toMatchObject({ ok: false, field: "games", reason: "nothing_to_assign" });
    expect(checkSomethingToAssign([], "template")).toMatchObject({ ok: false, field: "template", reason: "nothing_to_assign" });
  });

  test.prop([distinctPatients, games])("distinct patients with games holding forms pass", (patients, chosen) => {
    expect(checkAssignmentRequest({ patients, games: chosen })).toEqual({ ok: true, value: true });
  });

  test.prop([distinctPatients, fc.integer({ min: 1 })])("distinct patients with a template pass (its games are checked once loaded)", (patients, template) => {
    expect(checkAssignmentRequest({ patients, template }).ok).toBe(true);
  });

  test.prop([distinctPatients, fc.nat(), games])("a patient named again is refused at the second mention", (patients, at, chosen) => {
    const again = patients[at % patients.length] ?? 1;
    const named = [...patients, again];
    expect(checkAssignmentRequest({ patients: named, games: chosen })).toMatchObject({ ok: false, reason: "duplicate_patient", field: `patients.${patients.length}` });
  });

  test.prop([distinctPatients, games, fc.integer({ min: 1 })])("games and a template together, or neither, are refused whatever else", (patients, chosen, template) => {
    expect(checkAssignmentRequest({ patients, games: chosen, template })).toMatchObject({ ok: false, reason: "games_or_template" });
    expect(checkAssignmentRequest({ patients })).toMatchObject({ ok: false, reason: "games_or_template" });
  });

  test.prop([fc.option(games, { nil: undefined }), fc.option(fc.integer({ min: 1 }), { nil: undefined })])("no patient is always the first thing said", (chosen, template) => {
    expect(checkAssignmentRequest({ patients: [], games: chosen, template })).toMatchObject({ ok: false, reason: "no_patient", field: "patients" });
  });
});
