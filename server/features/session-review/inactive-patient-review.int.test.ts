import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { patients } from "../../db/schema/patients.ts";
import { type SessionWorld, sessionWorld } from "../../session-world.test-helper.ts";

// Issue 19 B: a discharged (inactive) patient gets no new exercises (server/features/exercises/
// inactive-patient.int.test.ts), but the clinician may still review, correct and annotate the
// sessions they played before (docs/exercises-api.md, "Inactive patients").
const SETUP_TIMEOUT = 120_000;

describe.each(TEST_DRIVERS)("an inactive patient's past sessions on %s", (driver) => {
  let world: SessionWorld;
  let sessionId = 0;
  let attemptIds: readonly number[] = [];

  const call = (method: "POST" | "PATCH" | "PUT", url: string, body: unknown) =>
    world.t.app.inject({ method, url, headers: { ...world.headers.slp, "content-type": "application/json" }, payload: JSON.stringify(body) });

  beforeAll(async () => {
    world = await sessionWorld(driver, "inactive.review");
    const played = await world.addSession({ patientId: world.patientId, type: "naming", start: new Date("2026-02-20T09:00:00Z") });
    sessionId = played.sessionId;
    attemptIds = played.attemptIds;
    const deactivated = await world.t.app.inject({ method: "PUT", url: `/api/patients/${world.patientId}/inactivate/`, headers: world.headers.admin });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const [row] = await world.db.select({ status: patients.status }).from(patients).where(eq(patients.id, world.patientId));
    expect(row?.status).toBe("inactive");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  it("still lets the clinician correct, annotate and review them", async () => {
    const [first] = attemptIds;
    const corrected = await call("PATCH", `/api/attempt/${first}/`, { score: 1, score_details: { is_correct: true } });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ id: first, score: 1 });
    const noted = await call("POST", "/api/attempt-notes/", { game_attempt: first, note_type: world.noteTypeIds[0], content: "Discharged; reviewed for the summary." });
    expect(noted.statusCode, noted.body).toBe(201);
    const reviewed = await call("PUT", `/api/game-session/${sessionId}/review/`, { reviewed: true });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toMatchObject({ id: sessionId, reviewed: true });
  });
});
