import { describe, expect, it } from "vitest";
import { auditRowFaults } from "./audit-conformance.ts";

const complete = {
  id: 1,
  occurredAt: new Date("2026-03-01T12:00:00Z"),
  userId: 3,
  role: "staff",
  institutionId: 1,
  patientId: 42,
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0",
  action: "read",
  resource: "patient",
  resourceId: "42",
  outcome: "success" as const,
  reason: null,
  requestId: "req-1",
  changes: null,
};

describe("the audit row conformance rules", () => {
  it("pass a complete row", () => {
    expect(auditRowFaults(complete)).toEqual([]);
  });

  it.each([
    ["ip", { ip: null }],
    ["user agent", { userAgent: null }],
    ["request id", { requestId: null }],
    ["role of the user", { role: null }],
    ["institution of the user", { institutionId: null }],
    ["patient of a patient's record", { patientId: null }],
    ["action of the vocabulary", { action: "teleport" }],
    ["changes without secrets", { changes: { passwordHash: { from: "a", to: "b" } } }],
    ["changes as old -> new", { changes: { name: { from: "Ada", to: "Ada" } } }],
  ])("name a row without its %s", (field, gap) => {
    expect(auditRowFaults({ ...complete, ...gap }).map((fault) => fault.split(" (")[0])).toEqual([field]);
  });

  it("let a super administrator's row name no institution", () => {
    expect(auditRowFaults({ ...complete, role: "super_admin", institutionId: null, resource: "institution", resourceId: "1", patientId: null })).toEqual([]);
  });
});
