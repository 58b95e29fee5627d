import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../audit/record-audit.ts";
import type { DatabaseHandle } from "./database.ts";
import { auditEvents } from "./schema/audit.ts";
import { TEST_DRIVERS, createTestDatabase } from "./test-database.ts";

const rejection = async (action: () => Promise<unknown>): Promise<string> => {
  try {
    await action();
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause instanceof Error ? cause.message : String(cause);
  }
  return "no error";
};

describe.each(TEST_DRIVERS)("the audit trail (%s)", (driver) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await recordAudit(database.db, {
      occurredAt: new Date("2026-03-01T12:00:00Z"),
      userId: 3,
      role: "staff",
      institutionId: 1,
      patientId: 42,
      userAgent: "vitest",
      ip: "203.0.113.7",
      action: "read",
      resource: "patient",
      resourceId: "42",
      outcome: "success",
      requestId: "req-1",
    });
  });
  afterAll(() => database.close());

  it("accepts new events", async () => {
    const rows = await database.db.select().from(auditEvents);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "read", resource: "patient", resourceId: "42", outcome: "success", ip: "203.0.113.7" });
  });

  it("rejects UPDATE", async () => {
    expect(await rejection(() => database.db.update(auditEvents).set({ outcome: "denied" }).where(eq(auditEvents.resourceId, "42")))).toMatch(/append-only/);
  });

  it("rejects DELETE", async () => {
    expect(await rejection(() => database.db.delete(auditEvents))).toMatch(/append-only/);
  });

  it("rejects TRUNCATE", async () => {
    expect(await rejection(() => database.exec("truncate audit_events"))).toMatch(/append-only/);
  });

  it("still holds the original event afterwards", async () => {
    const rows = await database.db.select().from(auditEvents);
    expect(rows.map((row) => row.outcome)).toEqual(["success"]);
  });
});
