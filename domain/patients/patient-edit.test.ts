import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { checkPatientEdit, STATUS_UNCHANGED_MESSAGE } from "./patient-edit.ts";
import { PATIENT_STATUS } from "../shared/statuses/patient-status.ts";

const status = fc.constantFrom(...Object.values(PATIENT_STATUS));

describe("checkPatientEdit", () => {
  it("accepts an edit that echoes the same status", () => {
    const edit = { status: "active", first_name: "Ana" };
    expect(checkPatientEdit({ status: "active", email: "a@b.org" }, edit)).toEqual({ ok: true, value: edit });
  });

  it("refuses a status change with ERROR_056 on the status field", () => {
    expect(checkPatientEdit({ status: "active", email: "a@b.org" }, { status: "inactive" })).toEqual({
      ok: false,
      code: "ERROR_056",
      message: STATUS_UNCHANGED_MESSAGE,
      field: "status",
    });
  });

  it("lets a pending patient's email change and refuses it otherwise with ERROR_053", () => {
    expect(checkPatientEdit({ status: "pending", email: "a@b.org" }, { email: "new@b.org" }).ok).toBe(true);
    expect(checkPatientEdit({ status: "active", email: "a@b.org" }, { email: "new@b.org" })).toMatchObject({
      ok: false,
      code: "ERROR_053",
      message: "You cannot change the email with the current status",
      field: "email",
    });
  });

  it("treats the same address in other case or spacing as unchanged", () => {
    expect(checkPatientEdit({ status: "inactive", email: "Ana@Clinic.org" }, { email: " ana@clinic.org " }).ok).toBe(true);
  });

  test.prop([status, status, fc.emailAddress()])("status stays unchanged through the edit check", (from, to, email) => {
    const result = checkPatientEdit({ status: from, email }, { status: to, email });
    expect(result.ok).toBe(from === to);
  });

  test.prop([status, fc.emailAddress(), fc.emailAddress()])("an email change passes exactly when pending", (from, before, after) => {
    fc.pre(before.toLowerCase() !== after.toLowerCase());
    expect(checkPatientEdit({ status: from, email: before }, { email: after }).ok).toBe(from === "pending");
  });
});
