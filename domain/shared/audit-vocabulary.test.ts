import { describe, expect, it } from "vitest";
import { SERVER_ACTIONS } from "./permission-vocabulary.ts";
import { AUDIT_KIND, auditKindOf } from "./audit-vocabulary.ts";

describe("auditKindOf", () => {
  it("gives every permission action a kind", () => {
    expect(SERVER_ACTIONS.filter((action) => auditKindOf(action, "patient", "success") === undefined)).toEqual([]);
  });

  it("tells sign-ins from failed ones, and refusals from the act refused", () => {
    expect(auditKindOf("auth.password", "auth_session", "success")).toBe(AUDIT_KIND.signIn);
    expect(auditKindOf("auth.password", "auth_session", "failure")).toBe(AUDIT_KIND.failedSignIn);
    expect(auditKindOf("auth.mfa", "auth_session", "denied")).toBe(AUDIT_KIND.failedSignIn);
    expect(auditKindOf("read", "patient", "denied")).toBe(AUDIT_KIND.refusal);
    expect(auditKindOf("update", "patient", "failure")).toBe(AUDIT_KIND.update);
  });

  it("counts access granted or withdrawn as a privilege change, and a second factor as a factor change", () => {
    expect(auditKindOf("create", "administrator", "success")).toBe(AUDIT_KIND.privilegeChange);
    expect(auditKindOf("inactivate", "staff", "success")).toBe(AUDIT_KIND.privilegeChange);
    expect(auditKindOf("update", "staff", "success")).toBe(AUDIT_KIND.update);
    expect(auditKindOf("auth.mfa_removed", "auth_session", "success")).toBe(AUDIT_KIND.factorChange);
    expect(auditKindOf("export", "rtm_month", "success")).toBe(AUDIT_KIND.export);
  });

  it("knows no made-up action", () => {
    expect(auditKindOf("teleport", "patient", "success")).toBeUndefined();
  });
});
