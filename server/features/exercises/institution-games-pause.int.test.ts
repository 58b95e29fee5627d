import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { checkCounters } from "../../db/counters/check-counters.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { games, institutionGames } from "../../db/schema/games.ts";
import { patients } from "../../db/schema/patients.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";

const SETUP_TIMEOUT = 120_000;

// Issue 31: PUT assign_games with [] used to end every patient's assignments, and offering the
// games again did not bring them back. Now a game taken away pauses its assignments (kept, limits
// and all), only with a confirmation that repeats how many patients it stops, and comes back as it was.
describe.each(TEST_DRIVERS)("taking games away from an institution and offering them again on %s", (driver) => {
  let world: PatientsWorld;
  const game: Record<string, number> = {};
  const patient = { first: 0, second: 0, foreign: 0 };

  const call = (method: "GET" | "POST" | "PUT", url: string, headers: Record<string, string>, payload?: unknown) =>
    world.t.app.inject({ method, url, headers: payload === undefined ? headers : { ...headers, "content-type": "application/json" }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
  const put = (body: unknown, headers = world.headers.admin) => call("PUT", `/api/institutions/${world.clinic}/assign_games/`, headers, body);
  const preview = (ids: readonly number[], headers = world.headers.admin) =>
    call("GET", `/api/institutions/${world.clinic}/assign_games/preview/${ids.length === 0 ? "" : `?${ids.map((id) => `games=${id}`).join("&")}`}`, headers);
  const levels = () => world.t.database.db.select().from(patientGameLevels).orderBy(asc(patientGameLevels.id));
  const offered = async () =>
    (await world.t.database.db.select({ gameId: institutionGames.gameId }).from(institutionGames).where(eq(institutionGames.institutionId, world.clinic))).map((row) => row.gameId).sort((a, b) => a - b);
  const form = (difficulty: string, amount: number) => ({ difficulty, amount_challenges: amount, amount_trials: 2, min_repetitions_per_day: 1, max_repetitions_per_day: 2, unlimited: false });
  const settingsOf = (rows: Awaited<ReturnType<typeof levels>>) =>
    rows.map(({ id, patientId, gameId, difficulty, amountChallenges, amountTrials, minRepetitionsPerDay, maxRepetitionsPerDay, unlimited, exerciseTemplateId, assignedByUserId, assignedAt }) => ({
      id,
      patientId,
      gameId,
      difficulty,
      amountChallenges,
      amountTrials,
      minRepetitionsPerDay,
      maxRepetitionsPerDay,
      unlimited,
      exerciseTemplateId,
      assignedByUserId,
      assignedAt,
    }));

  beforeAll(async () => {
    world = await patientsWorld(driver, "games-pause");
    const db = world.t.database.db;
    for (const row of await db.select({ id: games.id, type: games.type }).from(games)) game[row.type] = row.id;
    const add = async (institutionId: number, email: string, staffId: number | null) => {
      const [row] = await db
        .insert(patients)
        .values({ institutionId, firstName: "Pa", lastName: "Used", email, birthdate: "1950-01-01", gender: "female", assignedStaffId: staffId })
        .returning({ id: patients.id });
      return row?.id ?? 0;
    };
    patient.first = await add(world.clinic, "first@pause.test", world.slpStaffId);
    patient.second = await add(world.clinic, "second@pause.test", world.slpStaffId);
    patient.foreign = await add(world.otherClinic, "foreign@pause.test", world.foreignStaffId);
    expect((await put({ games: [game.naming, game.parrot, game.memory_grid] })).statusCode).toBe(200);
    expect((await call("PUT", `/api/institutions/${world.otherClinic}/assign_games/`, world.headers.otherAdmin, { games: [game.naming] })).statusCode).toBe(200);
    const assign = async (headers: Record<string, string>, ids: number[], plan: unknown[]) => {
      const response = await call("POST", "/api/assignments/", headers, { patients: ids, games: plan });
      expect(response.statusCode, response.body).toBeLessThan(300);
    };
    await assign(world.headers.admin, [patient.first], [
      { game: game.naming, forms: [form("easy", 4), form("hard", 2)] },
      { game: game.parrot, forms: [form("medium", 3)] },
    ]);
    await assign(world.headers.admin, [patient.second], [{ game: game.naming, forms: [form("medium", 5)] }]);
    await assign(world.headers.otherAdmin, [patient.foreign], [{ game: game.naming, forms: [form("easy", 1)] }]);
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  it("previews what a removal stops: each game left out and the patients counted once", async () => {
    const none = await preview([]);
    expect(none.statusCode, none.body).toBe(200);
    const names = new Map((await world.t.database.db.select({ id: games.id, name: games.name }).from(games)).map((row) => [row.id, row.name]));
    const entry = (id: number | undefined, count: number) => ({ id, name: names.get(id ?? 0), patients: count });
    expect(none.json()).toEqual({
      // By name, as the institution's games are listed.
      games: [entry(game.memory_grid, 0), entry(game.naming, 2), entry(game.parrot, 1)].sort((a, b) => String(a.name).localeCompare(String(b.name))),
      patients: 2,
    });
    expect((await preview([game.naming ?? 0, game.memory_grid ?? 0])).json()).toMatchObject({ games: [{ id: game.parrot, patients: 1 }], patients: 1 });
    expect((await preview([game.naming ?? 0, game.parrot ?? 0, game.memory_grid ?? 0])).json()).toEqual({ games: [], patients: 0 });
  });

  it("refuses [] without a confirmation, or with a wrong count, with 409 ERROR_050 and the count, and changes nothing", async () => {
    const before = { levels: await levels(), offered: await offered() };
    const bare = await put({ games: [] });
    expect(bare.statusCode).toBe(409);
    expect(bare.json()).toMatchObject({ code: "ERROR_050", detail: { field: "confirm_stop_assignments" } });
    expect((bare.json() as { message: string }).message).toContain("2 patients");
    expect((await put({ games: [], confirm_stop_assignments: 1 })).statusCode).toBe(409);
    expect((await put({ games: [game.naming, game.memory_grid] })).statusCode).toBe(409);
    expect({ levels: await levels(), offered: await offered() }).toEqual(before);
  });

  it("takes a game that stops nobody's exercises away without a confirmation", async () => {
    const response = await put({ games: [game.naming, game.parrot] });
    expect(response.statusCode, response.body).toBe(200);
    expect(await offered()).toEqual([game.naming ?? 0, game.parrot ?? 0].sort((a, b) => a - b));
  });

  it("pauses the assignments when confirmed, keeping every row and its settings; offering the games again brings exactly those back", async () => {
    const db = world.t.database.db;
    const before = await levels();
    const clinicRows = before.filter((row) => row.patientId !== patient.foreign);
    expect(clinicRows.every((row) => row.isActive)).toBe(true);
    const from = (await db.select({ id: auditEvents.id }).from(auditEvents).orderBy(asc(auditEvents.id))).at(-1)?.id ?? 0;

    const stop = await put({ games: [], confirm_stop_assignments: 2 });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toEqual([]);
    const paused = await levels();
    expect(paused).toHaveLength(before.length);
    expect(settingsOf(paused)).toEqual(settingsOf(before));
    expect(paused.filter((row) => row.patientId !== patient.foreign).every((row) => !row.isActive && row.pausedByInstitutionAt !== null)).toBe(true);
    // Another institution's patient plays on.
    expect(paused.filter((row) => row.patientId === patient.foreign).map((row) => [row.isActive, row.pausedByInstitutionAt])).toEqual([[true, null]]);
    const audit = (await db.select().from(auditEvents).orderBy(asc(auditEvents.id))).filter((row) => row.id > from);
    expect(audit.map((row) => [row.action, row.resource, row.resourceId])).toEqual([
      ["deactivate", "patient_game_levels", String(Math.min(patient.first, patient.second))],
      ["deactivate", "patient_game_levels", String(Math.max(patient.first, patient.second))],
      ["assign_games", "institution", String(world.clinic)],
    ]);
    const shown = (await call("GET", `/api/patients/${patient.first}/game-levels/`, world.headers.admin)).json() as unknown[];
    expect(shown).toEqual([]);

    // Naming back first: only its rows return; parrot stays paused.
    const naming = await put({ games: [game.naming] });
    expect(naming.statusCode, naming.body).toBe(200);
    const partly = await levels();
    expect(partly.filter((row) => row.patientId !== patient.foreign).map((row) => [row.gameId, row.isActive])).toEqual(
      clinicRows.map((row) => [row.gameId, row.gameId === game.naming]),
    );

    const back = await put({ games: [game.naming, game.parrot, game.memory_grid] });
    expect(back.statusCode, back.body).toBe(200);
    const restored = await levels();
    expect(settingsOf(restored)).toEqual(settingsOf(before));
    expect(restored.map((row) => [row.id, row.isActive, row.pausedByInstitutionAt])).toEqual(before.map((row) => [row.id, true, null]));
    const levelsShown = (await call("GET", `/api/patients/${patient.first}/game-levels/`, world.headers.admin)).json() as { id: number }[];
    expect(levelsShown.map((level) => level.id).sort((a, b) => a - b)).toEqual(before.filter((row) => row.patientId === patient.first).map((row) => row.id));
    expect((await checkCounters(db)).differences).toEqual([]);
  });

  it("refuses the preview and the confirmed change to another institution, an SLP and a staff admin", async () => {
    const before = await levels();
    for (const headers of [world.headers.otherAdmin, world.headers.slp, world.headers.staffAdmin]) {
      expect((await preview([], headers)).statusCode).toBe(403);
      expect((await put({ games: [], confirm_stop_assignments: 2 }, headers)).statusCode).toBe(403);
    }
    const hostile = ["games=abc", "games=0", "games=-1", `games=${"9".repeat(20)}`, "other=1"];
    for (const query of hostile) {
      const response = await call("GET", `/api/institutions/${world.clinic}/assign_games/preview/?${query}`, world.headers.admin);
      expect(response.statusCode, query).toBe(400);
      expect((response.json() as { code: string }).code).toMatch(/^ERROR_\d{3}$/);
    }
    for (const body of [{ games: [], confirm_stop_assignments: -1 }, { games: [], confirm_stop_assignments: "2" }, { games: [], confirm_stop_assignments: 1.5 }, { games: [], confirm_stop_assignments: true }]) {
      expect((await put(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await levels()).toEqual(before);
  });
});
