import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { ROLE } from "../shared/roles.ts";
import { STATUS_ACTIONS } from "../shared/statuses/status-actions.ts";
import { checkLastAdministrator, isLastActiveAdministrator } from "./last-administrator.ts";

const role = fc.constantFrom(ROLE.institutionAdmin, ROLE.staffAdmin);
const status = fc.constantFrom("active", "archived", "pending");
const action = fc.constantFrom(...STATUS_ACTIONS);

describe("the last active administrator", () => {
  it("cannot be deactivated or deleted, only kept", () => {
    const last = { role: ROLE.institutionAdmin, status: "active", activeInstitutionAdministrators: 1 };
    expect(checkLastAdministrator(last, "deactivate")).toMatchObject({ ok: false, code: "ERROR_050", message: "The action is not allowed for the current status: active" });
    expect(checkLastAdministrator(last, "delete")).toMatchObject({ ok: false, code: "ERROR_050" });
    expect(checkLastAdministrator(last, "activate")).toEqual({ ok: true, value: "activate" });
  });

  test.prop([role, status, fc.integer({ min: 0, max: 5 }), action])(
    "an action is held back exactly when it would leave the institution without an active institution administrator",
    (r, s, active, a) => {
      const standing = { role: r, status: s, activeInstitutionAdministrators: active };
      const leavesNone = a !== "activate" && r === ROLE.institutionAdmin && s === "active" && active - 1 <= 0;
      expect(checkLastAdministrator(standing, a).ok).toBe(!leavesNone);
      expect(isLastActiveAdministrator(standing)).toBe(r === ROLE.institutionAdmin && s === "active" && active <= 1);
    },
  );
});
