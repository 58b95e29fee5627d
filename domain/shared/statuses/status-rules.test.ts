import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import * as Administrator from "./administrator-status.ts";
import * as Patient from "./patient-status.ts";
import * as Staff from "./staff-status.ts";
import { DELETED, STATUS_ACTIONS } from "./status-actions.ts";

const KINDS = [
  { name: "administrator", rules: Administrator, statuses: Object.values(Administrator.ADMINISTRATOR_STATUS), inactive: "archived", fromPending: ["activate", "deactivate", "delete"] },
  { name: "staff", rules: Staff, statuses: Object.values(Staff.STAFF_STATUS), inactive: "inactive", fromPending: ["activate", "deactivate", "delete"] },
  // A pending patient is confirmed (Activate) or removed (Delete); deactivating ends therapy, so only once active (issue 23).
  { name: "patient", rules: Patient, statuses: Object.values(Patient.PATIENT_STATUS), inactive: "inactive", fromPending: ["activate", "delete"] },
] as const;

describe.each(KINDS)("$name status rules", ({ rules, statuses, inactive, fromPending }) => {
  const status = fc.constantFrom<string>(...statuses);
  const anyStatus = fc.oneof(status, fc.string());
  const action = fc.constantFrom(...STATUS_ACTIONS);

  it("offers activate unless active, deactivate while active or pending, delete only once not active", () => {
    expect(rules.allowedStatusActions("pending")).toEqual(fromPending);
    expect(rules.allowedStatusActions("active")).toEqual(["deactivate"]);
    expect(rules.allowedStatusActions(inactive)).toEqual(["activate", "delete"]);
  });

  it("deactivating leads to the inactive status and activating back to active", () => {
    expect(rules.statusTransition("active", "deactivate")).toEqual({ ok: true, value: inactive });
    expect(rules.statusTransition(inactive, "activate")).toEqual({ ok: true, value: "active" });
    expect(rules.statusTransition(inactive, "delete")).toEqual({ ok: true, value: DELETED });
  });

  it("refuses a disallowed action with ERROR_050 naming the status", () => {
    const result = rules.statusTransition("active", "delete");
    expect(result).toMatchObject({ ok: false, code: "ERROR_050", message: "The action is not allowed for the current status: active" });
  });

  test.prop([anyStatus, action])("an action is allowed exactly when its transition succeeds", (from, act) => {
    expect(rules.allowedStatusActions(from).includes(act)).toBe(rules.statusTransition(from, act).ok);
  });

  test.prop([anyStatus, action])("a transition never produces an unknown status", (from, act) => {
    const result = rules.statusTransition(from, act);
    if (result.ok) expect([...statuses, DELETED]).toContain(result.value);
    else expect(result.code).toBe("ERROR_050");
  });

  test.prop([status, action])("a successful transition changes the status", (from, act) => {
    const result = rules.statusTransition(from, act);
    if (result.ok) expect(result.value).not.toBe(from);
  });

  test.prop([fc.string().filter((s) => !statuses.some((known) => known === s)), action])(
    "an unknown status allows nothing",
    (from, act) => {
      expect(rules.allowedStatusActions(from)).toEqual([]);
      expect(rules.statusTransition(from, act).ok).toBe(false);
    },
  );

  test.prop([anyStatus])("the email may change only while pending", (from) => {
    expect(rules.canChangeEmail(from)).toBe(from === "pending");
  });
});

describe("administrator status display", () => {
  it("shows archived as inactive and the rest as stored", () => {
    expect(Administrator.shownStatus("archived")).toBe("inactive");
    expect(Administrator.shownStatus("active")).toBe("active");
    expect(Administrator.shownStatus("pending")).toBe("pending");
  });

  it.each([
    ["active", "success"],
    ["archived", "warning"],
    ["pending", "info"],
    ["inactive", "warning"],
    ["suspended", "neutral"],
    ["", "neutral"],
  ])("a %s administrator has a %s badge", (status, tone) => {
    expect(Administrator.badgeTone(status)).toBe(tone);
  });

  it("names the shown status in ERROR_050", () => {
    expect(Administrator.statusTransition("archived", "deactivate")).toMatchObject({
      message: "The action is not allowed for the current status: inactive",
    });
  });

  it("starts pending", () => {
    expect(Administrator.DEFAULT_ADMINISTRATOR_STATUS).toBe("pending");
    expect(Staff.DEFAULT_STAFF_STATUS).toBe("pending");
    expect(Patient.DEFAULT_PATIENT_STATUS).toBe("pending");
  });
});

describe("staff and patient badges", () => {
  const toneOf = (status: string): string =>
    status === "active" ? "success" : status === "inactive" ? "warning" : status === "pending" ? "info" : "neutral";

  test.prop([fc.constantFrom(Staff.badgeTone, Patient.badgeTone), fc.oneof(fc.constantFrom("active", "inactive", "pending"), fc.string())])(
    "tone follows the shown status, unknown statuses stay neutral",
    (tone, status) => {
      expect(tone(status)).toBe(toneOf(status));
    },
  );
});
