import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { PATIENT_STATUS } from "../shared/statuses/patient-status.ts";
import {
  ASSIGNABLE_PATIENT_STATUSES,
  MAX_LEVEL_WRITES_PER_ASSIGNMENT,
  assignmentSummary,
  checkAssignmentSize,
  checkMayReceiveAssignments,
  maxPatientsFor,
  mayReceiveAssignments,
} from "./assignment-rules.ts";

describe("who may receive new exercises", () => {
  it("active and pending patients may; an inactive (discharged) one may not", () => {
    expect(mayReceiveAssignments(PATIENT_STATUS.active)).toBe(true);
    expect(mayReceiveAssignments(PATIENT_STATUS.pending)).toBe(true);
    expect(mayReceiveAssignments(PATIENT_STATUS.inactive)).toBe(false);
    expect(checkMayReceiveAssignments("inactive")).toEqual({
      ok: false,
      code: "ERROR_050",
      message: "The action is not allowed for the current status: inactive",
      field: "status",
      placeholders: { status: "inactive" },
    });
  });

  test.prop([fc.oneof(fc.constantFrom(...Object.values(PATIENT_STATUS)), fc.string())])("the check passes exactly when the rule allows, and names the status otherwise", (status) => {
    const checked = checkMayReceiveAssignments(status);
    expect(checked.ok).toBe(mayReceiveAssignments(status));
    expect(mayReceiveAssignments(status)).toBe(ASSIGNABLE_PATIENT_STATUSES.some((allowed) => allowed === status));
    if (!checked.ok) expect(checked.message).toBe(`The action is not allowed for the current status: ${status}`);
  });
});

describe("the cap on one assignment's work", () => {
  test.prop([fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 150 })])("refuses exactly when patients × forms exceeds the cap, on `patients`", (patients, forms) => {
    const checked = checkAssignmentSize(patients, forms);
    expect(checked.ok).toBe(patients * forms <= MAX_LEVEL_WRITES_PER_ASSIGNMENT);
    if (!checked.ok) expect(checked).toMatchObject({ code: "ERROR_056", field: "patients" });
  });

  test.prop([fc.integer({ min: 1, max: 150 })])("maxPatientsFor is the largest patient count the cap lets through", (forms) => {
    const most = maxPatientsFor(forms);
    expect(checkAssignmentSize(most, forms).ok).toBe(true);
    expect(checkAssignmentSize(most + 1, forms).ok).toBe(false);
  });
});

describe("what an assignment says it did", () => {
  it("names the patients and the new and updated levels", () => {
    expect(assignmentSummary({ patients: 1, levels_created: 2, levels_updated: 0 })).toEqual({ title: "Exercises assigned", description: "2 new exercise levels." });
    expect(assignmentSummary({ patients: 3, levels_created: 6, levels_updated: 1 })).toEqual({
      title: "Exercises assigned to 3 patients",
      description: "6 new exercise levels and 1 updated exercise level in all.",
    });
  });
});
