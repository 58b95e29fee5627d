import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { games } from "../../db/schema/games.ts";
import { patients } from "../../db/schema/patients.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";

const SETUP_TIMEOUT = 120_000;

describe.each(TEST_DRIVERS)("the game catalogue and a patient's assigned games on %s", (driver) => {
  let world: PatientsWorld;
  let patientId = 0;

  beforeAll(async () => {
    world = await patientsWorld(driver, "games");
    const db = world.t.database.db;
    const [row] = await db
      .insert(patients)
      .values({ institutionId: world.clinic, firstName: "Gus", lastName: "Games", email: "gus.games@patients.test", birthdate: "1950-01-01", gender: "male", assignedStaffId: world.slpStaffId })
      .returning({ id: patients.id });
    patientId = row?.id ?? 0;
    const limits = { amountChallenges: 5, amountTrials: 2, minRepetitionsPerDay: 1, maxRepetitionsPerDay: 3 };
    const [first, second] = world.gameIds;
    await db.insert(patientGameLevels).values([
      { patientId, gameId: first ?? 0, difficulty: "hard", ...limits },
      { patientId, gameId: first ?? 0, difficulty: "easy", ...limits },
      { patientId, gameId: second ?? 0, difficulty: "medium", ...limits, isActive: false },
    ]);
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  it("lists every game with the levels it offers", async () => {
    const response = await world.t.app.inject({ url: "/api/games/", headers: world.headers.slp });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { id: number; type: string; name: string; levels_available: string[] }[];
    expect(body).toHaveLength(8);
    expect(new Set(body.map((game) => game.id))).toEqual(new Set(world.gameIds));
    expect(body.map((game) => game.name)).toEqual([...body.map((game) => game.name)].sort((a, b) => a.localeCompare(b)));
  });

  it("gives a patient's live assignments, easiest level first, and audits the read", async () => {
    const db = world.t.database.db;
    const [firstGame] = await db.select({ name: games.name }).from(games).where(eq(games.id, world.gameIds[0] ?? 0));
    const response = await world.t.app.inject({ url: `/api/patients/${patientId}/game-levels/`, headers: world.headers.slp });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { game: { id: number; name: string }; difficulty: string }[];
    expect(body.map((level) => [level.game.name, level.difficulty])).toEqual([
      [firstGame?.name, "easy"],
      [firstGame?.name, "hard"],
    ]);
    const reads = await db.select().from(auditEvents).where(eq(auditEvents.resource, "patient_game_levels"));
    expect(reads.some((row) => row.resourceId === String(patientId) && row.outcome === "success")).toBe(true);
  });

  it("answers 404 outside the caller's patients: another SLP's, another clinic's, an unknown id", async () => {
    for (const headers of [world.headers.otherSlp, world.headers.otherAdmin]) {
      const response = await world.t.app.inject({ url: `/api/patients/${patientId}/game-levels/`, headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("Gus");
    }
    const unknown = await world.t.app.inject({ url: "/api/patients/987654/game-levels/", headers: world.headers.admin });
    expect(unknown.statusCode).toBe(404);
    const superAdmin = await world.t.app.inject({ url: `/api/patients/${patientId}/game-levels/`, headers: world.headers.superAdmin });
    expect(superAdmin.statusCode).toBe(403);
  });
});
