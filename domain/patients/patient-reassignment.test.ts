import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { ROLE_CODES } from "../shared/roles.ts";
import { checkPatientReassignment, mayReassignPatient } from "./patient-reassignment.ts";

describe("who may move a patient to another SLP", () => {
  it("follows the permission table: institution and staff administrators may, an SLP and the super administrator may not", () => {
    expect(mayReassignPatient("institution_admin")).toBe(true);
    expect(mayReassignPatient("staff_admin")).toBe(true);
    expect(mayReassignPatient("staff")).toBe(false);
    expect(mayReassignPatient("super_admin")).toBe(false);
  });

  it("refuses an SLP who hands their patient to another SLP, or drops them, with the permission error on staff", () => {
    expect(checkPatientReassignment("staff", 4, 9)).toEqual({ ok: false, code: "ERROR_001", message: "An error occurred", field: "staff" });
    expect(checkPatientReassignment("staff", 4, null)).toMatchObject({ ok: false, code: "ERROR_001" });
  });

  const staffId = fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null });
  test.prop([fc.constantFrom(...ROLE_CODES), staffId])("keeping the assigned SLP is never a reassignment, whoever edits", (role, assigned) => {
    expect(checkPatientReassignment(role, assigned, assigned)).toEqual({ ok: true, value: assigned });
  });

  test.prop([fc.constantFrom(...ROLE_CODES), staffId, staffId])("a change of SLP passes exactly for the roles that may reassign", (role, assigned, requested) => {
    fc.pre(assigned !== requested);
    expect(checkPatientReassignment(role, assigned, requested).ok).toBe(mayReassignPatient(role));
  });
});
