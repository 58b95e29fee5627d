import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../audit/record-audit.ts";
import type { DatabaseHandle } from "./database.ts";
import { auditEvents } from "./schema/audit.ts";
import { auditReviews } from "./schema/audit-reviews.ts";
import { disclosures } from "./schema/disclosures.ts";
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

// Migration 0040: the review sign-offs and the accounting of disclosures are audit history too.
describe.each(TEST_DRIVERS)("the review sign-offs and the disclosures register (%s)", (driver) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await database.db.insert(auditReviews).values({ institutionId: 1, periodStart: "2026-03-02", periodEnd: "2026-03-08", reviewedBy: 3, reviewedAt: new Date("2026-03-09T09:00:00Z"), notes: "seen" });
    await database.db.insert(disclosures).values({
      institutionId: 1,
      patientId: 42,
      disclosedOn: "2026-03-03",
      recipient: "County health department",
      recipientAddress: "1 Main St",
      what: "Diagnosis",
      purpose: "Public health reporting",
      source: "manual",
      recordedBy: 3,
      recordedAt: new Date("2026-03-04T10:00:00Z"),
    });
  });
  afterAll(() => database.close());

  it("refuses to change or delete a sign-off", async () => {
    expect(await rejection(() => database.db.update(auditReviews).set({ notes: "nothing" }))).toMatch(/audit_reviews is append-only: UPDATE/);
    expect(await rejection(() => database.db.delete(auditReviews))).toMatch(/audit_reviews is append-only: DELETE/);
    expect(await rejection(() => database.exec("truncate audit_reviews"))).toMatch(/append-only/);
    expect((await database.db.select().from(auditReviews)).map((row) => row.notes)).toEqual(["seen"]);
  });

  it("refuses to change or delete a disclosure", async () => {
    expect(await rejection(() => database.db.update(disclosures).set({ recipient: "nobody" }))).toMatch(/disclosures is append-only: UPDATE/);
    expect(await rejection(() => database.db.delete(disclosures))).toMatch(/disclosures is append-only: DELETE/);
    expect(await rejection(() => database.exec("truncate disclosures"))).toMatch(/append-only/);
    expect((await database.db.select().from(disclosures)).map((row) => row.recipient)).toEqual(["County health department"]);
  });
});
