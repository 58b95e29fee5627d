import * as Schema from "effect/Schema";
import { and, desc, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CommunicationRatingList, CommunicationRatingsCreated } from "../../../domain/communication-ratings/rating-wire.ts";
import { scaleStandings } from "../../../domain/communication-ratings/rating-summary.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { communicationRatings } from "../../db/schema/communication-ratings.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patients } from "../../db/schema/patients.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { TEST_START } from "../../test-app.test-helper.ts";

// Functional communication ratings (issue 37): the patient's caseload rule on the `goals`
// permission, every read and write audited, a rating kept (a correction is a new one), bad input a
// catalogued 400 on its field.
const SETUP_TIMEOUT = 180_000;
type Who = keyof PatientsWorld["headers"];

describe.each(TEST_DRIVERS)("communication ratings on %s", (driver) => {
  let world: PatientsWorld;
  let db: PatientsWorld["t"]["database"]["db"];
  let own = 0;
  let otherSlps = 0;
  let foreign = 0;

  const newPatient = async (institutionId: number, staffId: number, firstName: string): Promise<number> => {
    const [row] = await db
      .insert(patients)
      .values({ institutionId, firstName, lastName: "Rating", email: `${firstName.toLowerCase()}.${driver}@ratings.test`, birthdate: "1950-01-02", gender: "female", assignedStaffId: staffId, status: "active" })
      .returning({ id: patients.id });
    if (row === undefined) throw new Error("no patient");
    return row.id;
  };

  beforeAll(async () => {
    world = await patientsWorld(driver, "ratings");
    db = world.t.database.db;
    world.t.clock.set(TEST_START); // 2026-03-01 12:00 UTC
    await db.update(institutions).set({ timeZone: "UTC" }).where(eq(institutions.id, world.clinic));
    own = await newPatient(world.clinic, world.slpStaffId, "Rina");
    otherSlps = await newPatient(world.clinic, world.otherSlpStaffId, "Rolf");
    foreign = await newPatient(world.otherClinic, world.foreignStaffId, "Rosa");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const post = (who: Who, patientId: number, payload: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({ method: "POST", url: `/api/patients/${patientId}/communication-ratings/`, headers: { ...world.headers[who], "content-type": "application/json" }, payload: JSON.stringify(payload) });
  const list = (who: Who, patientId: number) => world.t.app.inject({ method: "GET", url: `/api/patients/${patientId}/communication-ratings/`, headers: world.headers[who] });
  const lastAudit = async (resource: string) => (await db.select().from(auditEvents).where(eq(auditEvents.resource, resource)).orderBy(desc(auditEvents.id)).limit(1))[0];

  it("an SLP rates their patient at evaluation and at a report, sees each scale's latest level and its change, and both are audited", async () => {
    const first = await post("slp", own, { occasion: "evaluation", rated_on: "2026-01-05", levels: { memory: 3, reading: 5 } });
    expect(first.statusCode, first.body).toBe(201);
    const created = Schema.decodeUnknownSync(CommunicationRatingsCreated)(first.json());
    expect(created.ratings.map((rating) => [rating.scale, rating.level, rating.occasion])).toEqual([
      ["memory", 3, "evaluation"],
      ["reading", 5, "evaluation"],
    ]);
    expect(await lastAudit("communication_rating")).toMatchObject({ action: "create", outcome: "success", resourceId: String(own) });

    expect((await post("slp", own, { occasion: "report", rated_on: "2026-02-20", levels: { memory: 5 } })).statusCode).toBe(201);
    // A correction of that day's memory rating: a new rating, the first kept.
    expect((await post("staffAdmin", own, { occasion: "report", rated_on: "2026-02-20", levels: { memory: 4 } })).statusCode).toBe(201);

    const read = await list("slp", own);
    expect(read.statusCode, read.body).toBe(200);
    const answer = Schema.decodeUnknownSync(CommunicationRatingList)(read.json());
    expect(answer.today).toBe("2026-03-01");
    expect(answer.time_zone).toBe("UTC");
    expect(answer.ratings).toHaveLength(4);
    const memory = scaleStandings(answer.ratings).find((standing) => standing.scale === "memory");
    expect(memory?.latest?.level).toBe(4);
    expect(memory?.change).toBe(1);
    expect(await lastAudit("communication_ratings")).toMatchObject({ action: "read", outcome: "success", resourceId: String(own) });
  });

  it("keeps every rating: the database refuses an update or a removal", async () => {
    await expect(db.update(communicationRatings).set({ level: 7 }).where(eq(communicationRatings.patientId, own))).rejects.toThrow();
    await expect(db.delete(communicationRatings).where(eq(communicationRatings.patientId, own))).rejects.toThrow();
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(communicationRatings).where(eq(communicationRatings.patientId, own));
    expect(count?.n).toBe(4);
  });

  it("refuses a day after today, no scale, a level out of 1 to 7 and an unknown occasion with ERROR_056 on the field, and writes nothing", async () => {
    const cases: [unknown, string][] = [
      [{ occasion: "report", rated_on: "2026-03-02", levels: { memory: 3 } }, "rated_on"],
      [{ occasion: "report", rated_on: "2026-03-01", levels: {} }, "levels"],
      [{ occasion: "report", rated_on: "2026-03-01", levels: { memory: 8 } }, "levels"],
      [{ occasion: "admission", rated_on: "2026-03-01", levels: { memory: 3 } }, "occasion"],
    ];
    for (const [payload, field] of cases) {
      const refused = await post("slp", own, payload);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: "ERROR_056" });
      expect(JSON.stringify(refused.json())).toContain(field);
    }
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(communicationRatings).where(eq(communicationRatings.patientId, own));
    expect(count?.n).toBe(4);
  });

  it("follows the caseload: another SLP's patient and another institution's are unknown (404), the platform administrator 403, and the refusal is audited", async () => {
    expect((await list("slp", otherSlps)).statusCode).toBe(404);
    expect((await post("slp", otherSlps, { occasion: "evaluation", rated_on: "2026-03-01", levels: { memory: 3 } })).statusCode).toBe(404);
    expect((await list("admin", foreign)).statusCode).toBe(404);
    expect((await list("superAdmin", own)).statusCode).toBe(403);
    expect((await list("admin", otherSlps)).statusCode).toBe(200);
    const refusal = (await db.select().from(auditEvents).where(and(eq(auditEvents.resource, "communication_rating"), eq(auditEvents.resourceId, String(otherSlps)))).orderBy(desc(auditEvents.id)).limit(1))[0];
    expect(refusal).toMatchObject({ outcome: "denied" });
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(communicationRatings).where(eq(communicationRatings.patientId, otherSlps));
    expect(count?.n).toBe(0);
  });

  it("an institution administrator reads but does not rate (goals: list and retrieve only)", async () => {
    const refused = await post("admin", own, { occasion: "discharge", rated_on: "2026-03-01", levels: { writing: 6 } });
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await list("admin", own)).statusCode).toBe(200);
  });
});
