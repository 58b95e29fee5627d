import * as Schema from "effect/Schema";
import { describe, expect, test } from "vitest";
import { SessionDetailWire } from "../session-detail-wire.ts";
import { attemptCells, attemptColumnHeaders } from "./attempt-table.ts";
import { mapMedicationManagementSession, pillsAnswer } from "./medication-management.ts";
import { SESSION_DETAIL_EXAMPLES } from "./session-detail-examples.fixtures.ts";

const detail = Schema.decodeUnknownSync(SessionDetailWire)(SESSION_DETAIL_EXAMPLES.medication_management);
const view = (() => {
  const result = mapMedicationManagementSession(detail);
  if (!result.ok) throw new Error(result.message);
  return result.value;
})();

describe("medication management session", () => {
  test("a picture challenge shows prescription, bottle, question and answer", () => {
    expect(view.challenges[0]).toMatchObject({
      kind: "medication_management_image",
      pillPrescriptionImage: "https://cdn.example.org/medication/prescription-3001.png",
      pillBottleImage: "https://cdn.example.org/medication/bottle-3001.png",
      question: "How many pills do you take each morning?",
      answer: "2",
    });
  });

  test("a directions challenge shows the prescription and the counted pills as 'N pills'", () => {
    expect(view.challenges.slice(1).map((row) => row.kind === "medication_management_directions" && [row.prescription, row.answer])).toEqual([
      ["Take 2 pills twice a day with food.", "3 pills"],
      ["Take 2 pills twice a day with food.", "4 pills"],
    ]);
    expect(pillsAnswer(0)).toBe("0 pills");
    expect(pillsAnswer(1)).toBe("1 pill");
    expect(pillsAnswer(2)).toBe("2 pills");
  });

  test("missing percentage changes stay missing", () => {
    expect(view.statistics.scoreChangePercent).toBeNull();
    expect(view.statistics.accuracyPercent).toBe(66.7);
  });

  test("each variant has its own table", () => {
    expect(attemptColumnHeaders("medication_management_image").map((column) => column.label)).toEqual([
      "Pill Prescription", "Pill Bottle", "Question", "Answer", "Score", "Result", "SLP Notes", "Actions",
    ]);
    expect(attemptColumnHeaders("medication_management_directions").map((column) => column.label)).toEqual([
      "Prescription", "Answer", "Score", "Result", "SLP Notes", "Actions",
    ]);
    const row = view.challenges[0];
    if (row === undefined) throw new Error("missing row");
    expect(attemptCells(row)[1]).toEqual({ display: "image-dialog", url: "https://cdn.example.org/medication/bottle-3001.png", alt: "Pill bottle" });
  });

  test("a directions answer in the picture shape is not a medication session", () => {
    const challenge = SESSION_DETAIL_EXAMPLES.medication_management.challenges_in_session[1];
    if (challenge === undefined) throw new Error("missing challenge");
    const broken = Schema.decodeUnknownSync(SessionDetailWire)({
      ...SESSION_DETAIL_EXAMPLES.medication_management,
      challenges_in_session: [{ ...challenge, attempts: challenge.attempts.map((attempt) => ({ ...attempt, attempt_data: { answer: "3" } })) }],
    });
    expect(mapMedicationManagementSession(broken)).toMatchObject({ ok: false, message: "Invalid Medication management session" });
  });
});
