import { describe, expect, it } from "vitest";
import {
  correctableAttemptsText,
  nothingLeftText,
  queueOnlyFromParam,
  queueScopeFromParam,
  queueSearch,
  sessionsToReview,
  sessionsWaiting,
  walkFilterText,
} from "./review-queue-words.ts";

describe("the review queue's words", () => {
  it("counts sessions by the plural rule and says when nothing waits", () => {
    expect([0, 1, 2, 11].map(sessionsToReview)).toEqual(["Nothing to review", "1 session to review", "2 sessions to review", "11 sessions to review"]);
    expect([0, 1, 3].map(sessionsWaiting)).toEqual(["No sessions wait for review", "1 session waits for review", "3 sessions wait for review"]);
  });

  it("names the patient, or the caseload, when nothing is left", () => {
    expect(nothingLeftText("patient", "Ada Lovelace")).toBe("No sessions left to review for Ada Lovelace");
    expect(nothingLeftText("patient", null)).toBe("No sessions left to review for this patient");
    expect(nothingLeftText("caseload", "Ada Lovelace")).toBe("No sessions left to review in your caseload");
  });

  it("keeps only a caseload walk in the address; anything else is the patient's walk", () => {
    expect([queueScopeFromParam("caseload"), queueScopeFromParam(null), queueScopeFromParam("everything")]).toEqual(["caseload", "patient", "patient"]);
    expect([queueSearch("caseload"), queueSearch("patient")]).toEqual(["?queue=caseload", ""]);
  });

  it("keeps the choice of correctable sessions only in the address beside the scope (issue 31)", () => {
    expect([queueSearch("caseload", "correctable"), queueSearch("patient", "correctable"), queueSearch("patient", null)]).toEqual([
      "?queue=caseload&only=correctable",
      "?only=correctable",
      "",
    ]);
    expect([queueOnlyFromParam("correctable"), queueOnlyFromParam(null), queueOnlyFromParam("locked")]).toEqual(["correctable", null, null]);
    expect(walkFilterText(null)).toEqual({ now: "Stepping through every pending session, locked ones included.", switchTo: "Only sessions with attempts you can correct" });
    expect(walkFilterText("correctable")).toEqual({ now: "Stepping through sessions with attempts you can correct.", switchTo: "Step through every pending session" });
  });

  it("says how many attempts of a pending session can be corrected, or that the game locked them all", () => {
    expect([0, 1, 4].map(correctableAttemptsText)).toEqual(["all attempts locked by the game: notes and review only", "1 attempt you can correct", "4 attempts you can correct"]);
  });
});
