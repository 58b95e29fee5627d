import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { STATUS_ACTIONS } from "../shared/statuses/status-actions.ts";
import { checkCaseloadHandover, needsSuccessor } from "./caseload-handover.ts";

const status = fc.constantFrom("pending", "active", "inactive");
const action = fc.constantFrom(...STATUS_ACTIONS);
const id = fc.integer({ min: 1, max: 50 });

describe("handing over an SLP's caseload", () => {
  it("asks for a successor before an SLP with patients leaves", () => {
    expect(checkCaseloadHandover("deactivate", { id: 1, status: "active", patients: 3 }, undefined, undefined)).toMatchObject({
      ok: false,
      code: "ERROR_050",
      field: "reassign_to",
      message: "The action is not allowed for the current status: active",
    });
    expect(checkCaseloadHandover("deactivate", { id: 1, status: "active", patients: 3 }, 2, { id: 2, status: "active" })).toEqual({ ok: true, value: 2 });
  });

  it("refuses a successor from elsewhere, the SLP themselves, or one who is not active", () => {
    const leaving = { id: 1, status: "active", patients: 3 };
    expect(checkCaseloadHandover("delete", leaving, 9, undefined)).toMatchObject({ ok: false, code: "ERROR_030" });
    expect(checkCaseloadHandover("delete", leaving, 1, { id: 1, status: "active" })).toMatchObject({ ok: false, code: "ERROR_052" });
    expect(checkCaseloadHandover("delete", leaving, 2, { id: 2, status: "pending" })).toMatchObject({ ok: false, code: "ERROR_052" });
  });

  test.prop([action, id, status, fc.nat({ max: 20 }), fc.option(id, { nil: undefined }), fc.option(fc.record({ id, status }), { nil: undefined })])(
    "patients move only to another active SLP found in the institution, and only when the SLP leaves with patients",
    (a, leavingId, leavingStatus, patients, successorId, found) => {
      const successor = found === undefined || successorId === undefined ? undefined : { ...found, id: successorId };
      const result = checkCaseloadHandover(a, { id: leavingId, status: leavingStatus, patients }, successorId, successor);
      if (!needsSuccessor(a, patients)) {
        expect(result).toEqual({ ok: true, value: null });
        return;
      }
      const valid = successor !== undefined && successor.id !== leavingId && successor.status === "active";
      expect(result.ok).toBe(valid);
      if (result.ok) expect(result.value).toBe(successorId);
    },
  );
});
