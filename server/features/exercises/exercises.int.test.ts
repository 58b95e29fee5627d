import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { exerciseTemplateForms, exerciseTemplates, games } from "../../db/schema/games.ts";
import { patients } from "../../db/schema/patients.ts";

const SETUP_TIMEOUT = 120_000;

type Form = { difficulty: string; amount_challenges: number; amount_trials: number; min_repetitions_per_day: number; max_repetitions_per_day: number; unlimited: boolean };
const form = (difficulty: string, change: Partial<Form> = {}): Form => ({
  difficulty,
  amount_challenges: 3,
  amount_trials: 2,
  min_repetitions_per_day: 1,
  max_repetitions_per_day: 2,
  unlimited: false,
  ...change,
});

describe.each(TEST_DRIVERS)("institution games, exercise templates and assignment on %s", (driver) => {
  let world: PatientsWorld;
  const game: Record<string, number> = {};
  const patient: Record<"assigned" | "other" | "third" | "foreign", number> = { assigned: 0, other: 0, third: 0, foreign: 0 };

  const call = (method: "GET" | "POST" | "PUT", url: string, headers: Record<string, string>, payload?: unknown) =>
    world.t.app.inject({ method, url, headers: payload === undefined ? headers : { ...headers, "content-type": "application/json" }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
  const liveLevels = (patientId: number) =>
    world.t.database.db
      .select()
      .from(patientGameLevels)
      .where(eq(patientGameLevels.patientId, patientId))
      .orderBy(asc(patientGameLevels.id));
  const snapshot = async () => ({
    levels: await world.t.database.db.select().from(patientGameLevels).orderBy(asc(patientGameLevels.id)),
    templates: await world.t.database.db.select().from(exerciseTemplates).orderBy(asc(exerciseTemplates.id)),
    forms: await world.t.database.db.select().from(exerciseTemplateForms).orderBy(asc(exerciseTemplateForms.id)),
  });

  beforeAll(async () => {
    world = await patientsWorld(driver, "exercises");
    const db = world.t.database.db;
    for (const row of await db.select({ id: games.id, type: games.type }).from(games)) game[row.type] = row.id;
    const add = async (institutionId: number, email: string, staffId: number | null) => {
      const [row] = await db
        .insert(patients)
        .values({ institutionId, firstName: "Ex", lastName: "Ercise", email, birthdate: "1950-01-01", gender: "female", assignedStaffId: staffId })
        .returning({ id: patients.id });
      return row?.id ?? 0;
    };
    patient.assigned = await add(world.clinic, "assigned@ex.test", world.slpStaffId);
    patient.other = await add(world.clinic, "other@ex.test", world.otherSlpStaffId);
    patient.third = await add(world.clinic, "third@ex.test", world.slpStaffId);
    patient.foreign = await add(world.otherClinic, "foreign@ex.test", world.foreignStaffId);
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  describe("the games of an institution", () => {
    it("sets the games an institution offers and lists them with levels, content URLs and limits", async () => {
      const wanted = [game.naming, game.parrot, game.chitchat_ai, game.memory_grid, game.naming];
      const put = await call("PUT", `/api/institutions/${world.clinic}/assign_games/`, world.headers.admin, { games: wanted });
      expect(put.statusCode).toBe(200);
      const body = put.json() as { id: number; type: string; levels: { difficulty: string; content_url: string; configuration: Record<string, unknown> }[] }[];
      expect(body.map((entry) => entry.type).sort()).toEqual(["chitchat_ai", "memory_grid", "naming", "parrot"]);
      const naming = body.find((entry) => entry.type === "naming");
      expect(naming?.levels.map((level) => level.difficulty)).toEqual(["easy", "medium", "hard"]);
      expect(naming?.levels[0]).toEqual({
        difficulty: "easy",
        content_url: "/api/content/naming/easy.json",
        configuration: { max_challenges: 5, max_amount_trials: 3, max_repetitions_per_day: 3, min_repetitions_per_day: 1, unlimited: true },
      });
      expect(body.find((entry) => entry.type === "chitchat_ai")?.levels.map((level) => level.difficulty)).toEqual(["easy"]);
      const bySlp = await call("GET", `/api/institutions/${world.clinic}/games/`, world.headers.slp);
      expect(bySlp.statusCode).toBe(200);
      expect(bySlp.json()).toEqual(body);
      expect((await call("GET", `/api/institutions/${world.clinic}/games/`, world.headers.superAdmin)).json()).toEqual(body);
      await call("PUT", `/api/institutions/${world.otherClinic}/assign_games/`, world.headers.otherAdmin, { games: [game.naming] });
    });

    it("refuses another institution, an unknown one, an unknown game, and roles without assign_games", async () => {
      expect((await call("GET", `/api/institutions/${world.clinic}/games/`, world.headers.otherAdmin)).statusCode).toBe(403);
      expect((await call("GET", "/api/institutions/987654/games/", world.headers.admin)).statusCode).toBe(403);
      expect((await call("GET", "/api/institutions/987654/games/", world.headers.superAdmin)).statusCode).toBe(404);
      expect((await call("PUT", `/api/institutions/${world.clinic}/assign_games/`, world.headers.otherAdmin, { games: [] })).statusCode).toBe(403);
      expect((await call("PUT", `/api/institutions/${world.clinic}/assign_games/`, world.headers.staffAdmin, { games: [] })).statusCode).toBe(403);
      expect((await call("PUT", `/api/institutions/${world.clinic}/assign_games/`, world.headers.slp, { games: [] })).statusCode).toBe(403);
      const unknown = await call("PUT", `/api/institutions/${world.clinic}/assign_games/`, world.headers.superAdmin, { games: [game.naming, 987654] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: "ERROR_030", message: "The requested game was not found", detail: { field: "games.1" } });
      const offered = (await call("GET", `/api/institutions/${world.clinic}/games/`, world.headers.admin)).json() as unknown[];
      expect(offered).toHaveLength(4);
    });
  });

  describe("exercise templates", () => {
    let templateId = 0;
    let platformId = 0;

    it("creates a template of two games with two forms each, in the caller's institution", async () => {
      const response = await call("POST", "/api/exercise-templates/", world.headers.admin, {
        name: "  Aphasia starter ",
        games: [
          { game: game.naming, forms: [form("easy"), form("medium")] },
          { game: game.parrot, forms: [form("medium"), form("easy", { unlimited: true })] },
        ],
      });
      expect(response.statusCode).toBe(201);
      const body = response.json() as { id: number; name: string; institution: number | null; games: { game: { type: string }; forms: Form[] }[] };
      expect(body).toMatchObject({ name: "Aphasia starter", institution: world.clinic });
      expect(body.games.map((entry) => [entry.game.type, entry.forms.map((f) => f.difficulty)])).toEqual([
        ["naming", ["easy", "medium"]],
        ["parrot", ["medium", "easy"]],
      ]);
      templateId = body.id;
      const read = await call("GET", `/api/exercise-templates/${templateId}/`, world.headers.staffAdmin);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(body);
    });

    it("holds the configuration-name rules and a name unique per owner, whatever its case", async () => {
      const tries: [unknown, string, string][] = [
        [{ games: [] }, "ERROR_003", "Configuration name is required"],
        [{ name: "   ", games: [] }, "ERROR_003", "Configuration name is required"],
        [{ name: " a ", games: [] }, "ERROR_004", "Configuration name must be at least 2 characters"],
        [{ name: "APHASIA STARTER", games: [] }, "ERROR_031", "The name already exists"],
      ];
      for (const [payload, code, message] of tries) {
        const response = await call("POST", "/api/exercise-templates/", world.headers.admin, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toMatchObject({ code, message, detail: { field: "name" } });
      }
      // Another institution may use the same name.
      expect((await call("POST", "/api/exercise-templates/", world.headers.otherAdmin, { name: "Aphasia starter", games: [] })).statusCode).toBe(201);
    });

    it("holds every form to the owner's games and the content file's limits, naming the field", async () => {
      const tries: [unknown[], number, string, string][] = [
        [[{ game: game.verbal_fluency, forms: [form("easy")] }], 400, "ERROR_030", "games.0.game"],
        [[{ game: game.naming, forms: [form("easy")] }, { game: game.naming, forms: [form("hard")] }], 400, "ERROR_031", "games.1.game"],
        [[{ game: game.naming, forms: [form("easy"), form("easy")] }], 400, "ERROR_031", "games.0.forms.1.difficulty"],
        [[{ game: game.chitchat_ai, forms: [form("medium", { amount_challenges: 1, amount_trials: 1 })] }], 400, "ERROR_052", "games.0.forms.0.difficulty"],
        [[{ game: game.naming, forms: [form("easy", { amount_challenges: 6 })] }], 400, "ERROR_056", "games.0.forms.0.amount_challenges"],
        [[{ game: game.naming, forms: [form("hard", { amount_trials: 3 })] }], 400, "ERROR_056", "games.0.forms.0.amount_trials"],
        [[{ game: game.naming, forms: [form("easy", { min_repetitions_per_day: 0 })] }], 400, "ERROR_056", "games.0.forms.0.min_repetitions_per_day"],
        [[{ game: game.naming, forms: [form("easy", { min_repetitions_per_day: 2, max_repetitions_per_day: 1 })] }], 400, "ERROR_056", "games.0.forms.0.max_repetitions_per_day"],
        [[{ game: game.naming, forms: [form("hard", { amount_trials: 1, unlimited: true })] }], 400, "ERROR_056", "games.0.forms.0.unlimited"],
      ];
      for (const [gamesBody, status, code, field] of tries) {
        const response = await call("POST", "/api/exercise-templates/", world.headers.admin, { name: "Rule check", games: gamesBody });
        expect(response.statusCode, field).toBe(status);
        expect(response.json(), field).toMatchObject({ code, detail: { field } });
      }
      const names = (await world.t.database.db.select({ name: exerciseTemplates.name }).from(exerciseTemplates)).map((row) => row.name);
      expect(names).not.toContain("Rule check");
    });

    it("lets the super admin keep platform templates every institution sees but only the super admin changes", async () => {
      const created = await call("POST", "/api/exercise-templates/", world.headers.superAdmin, {
        name: "Platform warm-up",
        institution: null,
        games: [{ game: game.social_situations, forms: [form("easy")] }],
      });
      expect(created.statusCode).toBe(201);
      platformId = (created.json() as { id: number; institution: null }).id;
      const listed = (await call("GET", "/api/exercise-templates/", world.headers.admin)).json() as { name: string }[];
      expect(listed.map((entry) => entry.name)).toEqual(["Aphasia starter", "Platform warm-up"]);
      const otherListed = (await call("GET", "/api/exercise-templates/", world.headers.otherAdmin)).json() as { id: number; name: string }[];
      expect(otherListed.some((entry) => entry.id === templateId)).toBe(false);
      expect((await call("GET", "/api/exercise-templates/", world.headers.superAdmin)).json()).toHaveLength(1);
      expect((await call("GET", `/api/exercise-templates/?institution=${world.clinic}`, world.headers.superAdmin)).json()).toHaveLength(2);
      expect((await call("GET", `/api/exercise-templates/?institution=${world.clinic}`, world.headers.otherAdmin)).statusCode).toBe(403);
      expect((await call("PUT", `/api/exercise-templates/${platformId}/`, world.headers.admin, { name: "Mine now", games: [] })).statusCode).toBe(403);
      expect((await call("PUT", `/api/exercise-templates/${platformId}/clear/`, world.headers.admin)).statusCode).toBe(403);
      expect((await call("POST", "/api/exercise-templates/", world.headers.admin, { name: "Sneaky", institution: null, games: [] })).json()).toMatchObject({ code: "ERROR_075" });
      expect((await call("POST", "/api/exercise-templates/", world.headers.admin, { name: "Sneaky", institution: world.otherClinic, games: [] })).statusCode).toBe(403);
    });

    it("answers another institution's template as an unknown one, and refuses SLPs", async () => {
      for (const url of [`/api/exercise-templates/${templateId}/`, "/api/exercise-templates/987654/"]) {
        const response = await call("GET", url, world.headers.otherAdmin);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: "ERROR_030", message: "The requested template was not found" });
        expect(response.body).not.toContain("Aphasia");
      }
      expect((await call("PUT", `/api/exercise-templates/${templateId}/clear/`, world.headers.otherAdmin)).statusCode).toBe(404);
      expect((await call("GET", "/api/exercise-templates/", world.headers.slp)).statusCode).toBe(403);
      expect((await call("GET", `/api/exercise-templates/${templateId}/`, world.headers.slp)).statusCode).toBe(403);
    });

    it("updates, duplicates and clears, keeping the name on clear", async () => {
      const updated = await call("PUT", `/api/exercise-templates/${templateId}/`, world.headers.admin, {
        name: "Aphasia starter",
        games: [
          { game: game.naming, forms: [form("easy"), form("medium")] },
          { game: game.parrot, forms: [form("easy"), form("medium")] },
        ],
      });
      expect(updated.statusCode).toBe(200);
      const copy = await call("POST", `/api/exercise-templates/${templateId}/duplicate/`, world.headers.admin, {});
      expect(copy.statusCode).toBe(201);
      const copied = copy.json() as { id: number; name: string; games: unknown[] };
      expect(copied.name).toBe("Aphasia starter (copy)");
      expect(copied.games).toEqual((updated.json() as { games: unknown[] }).games);
      expect(((await call("POST", `/api/exercise-templates/${templateId}/duplicate/`, world.headers.admin)).json() as { name: string }).name).toBe("Aphasia starter (copy 2)");
      const named = await call("POST", `/api/exercise-templates/${platformId}/duplicate/`, world.headers.admin, { name: "Our warm-up" });
      expect(named.json()).toMatchObject({ name: "Our warm-up", institution: world.clinic });
      expect((await call("POST", `/api/exercise-templates/${templateId}/duplicate/`, world.headers.admin, { name: "our WARM-up" })).json()).toMatchObject({ code: "ERROR_031" });
      const renamedTaken = await call("PUT", `/api/exercise-templates/${copied.id}/`, world.headers.admin, { name: "Aphasia Starter", games: [] });
      expect(renamedTaken.json()).toMatchObject({ code: "ERROR_031", detail: { field: "name" } });
      const cleared = await call("PUT", `/api/exercise-templates/${copied.id}/clear/`, world.headers.admin);
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json()).toMatchObject({ id: copied.id, name: "Aphasia starter (copy)", games: [] });
      const audit = await world.t.database.db.select().from(auditEvents).where(eq(auditEvents.resource, "exercise_template")).orderBy(asc(auditEvents.id));
      const actions = audit.filter((row) => row.outcome === "success").map((row) => row.action);
      expect(actions).toEqual(expect.arrayContaining(["create", "read", "list", "update", "duplicate", "clear_content"]));
      expect(audit.at(-1)).toMatchObject({ action: "clear_content", resourceId: String(copied.id), outcome: "success" });
    });

    it("assigns from a template, to many patients at once", async () => {
      const response = await call("POST", "/api/assignments/", world.headers.admin, { patients: [patient.other, patient.third], template: templateId });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ patients: 2, levels_created: 8, levels_updated: 0, patient_ids: [patient.other, patient.third] });
      for (const id of [patient.other, patient.third]) {
        const levels = (await call("GET", `/api/patients/${id}/game-levels/`, world.headers.admin)).json() as { game: { type: string }; difficulty: string }[];
        expect(levels.map((level) => `${level.game.type}:${level.difficulty}`).sort()).toEqual(["naming:easy", "naming:medium", "parrot:easy", "parrot:medium"]);
      }
      const rows = await liveLevels(patient.third);
      expect(rows.every((row) => row.exerciseTemplateId === templateId)).toBe(true);
      // Another institution's template is unknown here.
      const [foreignTemplate] = await world.t.database.db.select({ id: exerciseTemplates.id }).from(exerciseTemplates).where(eq(exerciseTemplates.institutionId, world.otherClinic));
      const foreign = await call("POST", "/api/assignments/", world.headers.admin, { patients: [patient.other], template: foreignTemplate?.id });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: "ERROR_030", detail: { field: "template" } });
    });
  });

  describe("assignment", () => {
    it("assigns games with their forms to one patient; the record and the patients list show them", async () => {
      const response = await call("POST", "/api/assignments/", world.headers.slp, {
        patients: [patient.assigned],
        games: [{ game: game.memory_grid, forms: [form("easy"), form("hard", { amount_trials: 2 })] }],
      });
      expect(response.statusCode).toBe(200);
      const levels = (await call("GET", `/api/patients/${patient.assigned}/game-levels/`, world.headers.slp)).json() as { game: { type: string }; difficulty: string }[];
      expect(levels.map((level) => `${level.game.type}:${level.difficulty}`)).toEqual(["memory_grid:easy", "memory_grid:hard"]);
      const filter = encodeURIComponent(JSON.stringify([{ game_id: game.memory_grid, difficulty_level: "hard" }]));
      const list = (await call("GET", `/api/patients/?available_game_levels=${filter}`, world.headers.admin)).json() as { results: { id: number }[] };
      expect(list.results.map((row) => row.id)).toEqual([patient.assigned]);
    });

    it("re-prescribes a live level in place: same level id, new limits, assigned_at kept", async () => {
      const [before] = (await liveLevels(patient.assigned)).filter((row) => row.difficulty === "easy");
      const response = await call("POST", "/api/assignments/", world.headers.admin, {
        patients: [patient.assigned],
        games: [{ game: game.memory_grid, forms: [form("easy", { amount_challenges: 5, max_repetitions_per_day: 3 })] }],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ patients: 1, levels_created: 0, levels_updated: 1, patient_ids: [patient.assigned] });
      const [after] = (await liveLevels(patient.assigned)).filter((row) => row.difficulty === "easy");
      expect(after).toMatchObject({ id: before?.id, amountChallenges: 5, maxRepetitionsPerDay: 3, isActive: true });
      expect(after?.assignedAt).toEqual(before?.assignedAt);
    });

    it("is all or nothing: a patient outside the slice or one bad form fails the whole call and writes nothing", async () => {
      const before = await snapshot();
      const auditBefore = await world.t.database.db.$count(auditEvents, eq(auditEvents.outcome, "success"));
      const tries: [Record<string, string>, unknown, number, string, string][] = [
        [world.headers.admin, { patients: [patient.assigned, patient.foreign], games: [{ game: game.naming, forms: [form("easy")] }] }, 404, "ERROR_030", "patients.1"],
        [world.headers.slp, { patients: [patient.assigned, patient.other], games: [{ game: game.naming, forms: [form("easy")] }] }, 404, "ERROR_030", "patients.1"],
        [world.headers.otherAdmin, { patients: [patient.assigned], games: [{ game: game.naming, forms: [form("easy")] }] }, 404, "ERROR_030", "patients.0"],
        [world.headers.admin, { patients: [patient.assigned, patient.assigned], games: [{ game: game.naming, forms: [form("easy")] }] }, 400, "ERROR_056", "patients.1"],
        [
          world.headers.admin,
          { patients: [patient.assigned, patient.third], games: [{ game: game.naming, forms: [form("easy")] }, { game: game.parrot, forms: [form("hard", { amount_trials: 3 })] }] },
          400,
          "ERROR_056",
          "games.1.forms.0.amount_trials",
        ],
        [world.headers.admin, { patients: [patient.assigned], games: [{ game: game.verbal_fluency, forms: [form("easy")] }] }, 400, "ERROR_030", "games.0.game"],
        [world.headers.admin, { patients: [patient.assigned], games: [{ game: game.naming, forms: [form("easy"), form("easy")] }] }, 400, "ERROR_031", "games.0.forms.1.difficulty"],
        [world.headers.admin, { patients: [patient.assigned], games: [] }, 400, "ERROR_056", "games"],
        [world.headers.admin, { patients: [patient.assigned] }, 400, "ERROR_056", "games"],
        [world.headers.admin, { patients: [patient.assigned], games: [{ game: game.naming, forms: [form("easy")] }], template: 1 }, 400, "ERROR_056", "template"],
      ];
      for (const [headers, payload, status, code, field] of tries) {
        const response = await call("POST", "/api/assignments/", headers, payload);
        expect(response.statusCode, field).toBe(status);
        expect(response.json(), field).toMatchObject({ code, detail: { field } });
      }
      expect((await call("POST", "/api/assignments/", world.headers.superAdmin, { patients: [patient.assigned], games: [] })).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
      expect(await world.t.database.db.$count(auditEvents, eq(auditEvents.outcome, "success"))).toBe(auditBefore);
    });

    it("leaves one audit row per patient, in the order asked", async () => {
      const from = (await world.t.database.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(asc(auditEvents.id))).at(-1)?.id ?? 0;
      const response = await call("POST", "/api/assignments/", world.headers.admin, { patients: [patient.third, patient.assigned], games: [{ game: game.chitchat_ai, forms: [form("easy", { amount_challenges: 1, amount_trials: 1 })] }] });
      expect(response.statusCode).toBe(200);
      const rows = (await world.t.database.db.select().from(auditEvents).orderBy(asc(auditEvents.id))).filter((row) => row.id > from);
      expect(rows.map((row) => [row.action, row.resource, row.resourceId, row.outcome])).toEqual([
        ["assign", "patient_game_levels", String(patient.third), "success"],
        ["assign", "patient_game_levels", String(patient.assigned), "success"],
      ]);
    });
  });

  describe("a game the institution no longer offers", () => {
    it("pauses its live assignments in that institution (history kept) once confirmed, audits each patient, and refuses new ones", async () => {
      const db = world.t.database.db;
      const parrotBefore = (await db.select().from(patientGameLevels).where(eq(patientGameLevels.gameId, game.parrot ?? 0))).filter((row) => row.isActive);
      expect(parrotBefore.length).toBeGreaterThan(0);
      const wanted = [game.naming, game.chitchat_ai, game.memory_grid];
      // Issue 31: a removal that stops patients' exercises needs their count confirmed; the first call changes nothing.
      const unconfirmed = await call("PUT", `/api/institutions/${world.clinic}/assign_games/`, world.headers.superAdmin, { games: wanted });
      expect(unconfirmed.statusCode).toBe(409);
      const stopping = new Set(parrotBefore.map((row) => row.patientId)).size;
      const from = (await db.select({ id: auditEvents.id }).from(auditEvents).orderBy(asc(auditEvents.id))).at(-1)?.id ?? 0;
      const put = await call("PUT", `/api/institutions/${world.clinic}/assign_games/`, world.headers.superAdmin, { games: wanted, confirm_stop_assignments: stopping });
      expect(put.statusCode).toBe(200);
      const after = await db.select().from(patientGameLevels).where(inArray(patientGameLevels.id, parrotBefore.map((row) => row.id)));
      expect(after.map((row) => row.isActive)).toEqual(parrotBefore.map(() => false));
      const audit = (await db.select().from(auditEvents).orderBy(asc(auditEvents.id))).filter((row) => row.id > from);
      const levels = (await call("GET", `/api/patients/${patient.third}/game-levels/`, world.headers.admin)).json() as { game: { type: string } }[];
      expect(levels.some((level) => level.game.type === "parrot")).toBe(false);
      const patientsEnded = [...new Set(parrotBefore.map((row) => row.patientId))].sort((a, b) => a - b);
      expect(audit.map((row) => [row.action, row.resourceId])).toEqual([
        ...patientsEnded.map((id) => ["deactivate", String(id)]),
        ["assign_games", String(world.clinic)],
      ]);
      const refused = await call("POST", "/api/assignments/", world.headers.admin, { patients: [patient.third], template: (await db.select({ id: exerciseTemplates.id }).from(exerciseTemplates).where(eq(exerciseTemplates.name, "Aphasia starter")).orderBy(asc(exerciseTemplates.id)))[0]?.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: "ERROR_030", detail: { field: "template.games.1.game" } });
    });
  });

  it("answers hostile bodies with a catalogued 4xx, never a 500, and changes nothing", async () => {
    const before = await snapshot();
    const [template] = await world.t.database.db.select({ id: exerciseTemplates.id }).from(exerciseTemplates).where(eq(exerciseTemplates.institutionId, world.clinic)).limit(1);
    const bodies: unknown[] = [
      null,
      [],
      "text",
      42,
      { patients: "1" },
      { patients: [], games: [] },
      { patients: [0], games: [] },
      { patients: [2 ** 31], games: [] },
      { patients: [patient.assigned], games: [{ game: game.naming, forms: [] }] },
      { patients: [patient.assigned], games: [{ game: game.naming, forms: [form("extreme")] }] },
      { patients: [patient.assigned], games: [{ game: game.naming, forms: [form("easy", { amount_challenges: 1.5 })] }] },
      { patients: [patient.assigned], games: [{ game: game.naming, forms: [form("easy", { amount_challenges: -1 })] }] },
      { patients: [patient.assigned], games: [{ game: game.naming, forms: [form("easy", { amount_trials: 1e9 })] }] },
      { patients: [patient.assigned], games: [{ game: game.naming, forms: [{ ...form("easy"), extra: 1 }] }] },
      { patients: [patient.assigned], games: [{ game: game.naming, forms: [form("easy"), form("medium"), form("hard"), form("easy")] }] },
      { name: "a\u0000b", games: [] },
      { name: "x".repeat(101), games: [] },
      { name: "Fine name", games: [{ game: "naming", forms: [] }] },
      { name: "Fine name", institution: 0, games: [] },
      { name: { $ne: "" }, games: [] },
      { games: null },
    ];
    const targets: ["POST" | "PUT", string][] = [
      ["POST", "/api/assignments/"],
      ["POST", "/api/exercise-templates/"],
      ["PUT", `/api/exercise-templates/${template?.id}/`],
      ["POST", `/api/exercise-templates/${template?.id}/duplicate/`],
      ["PUT", `/api/institutions/${world.clinic}/assign_games/`],
    ];
    for (const [method, url] of targets) {
      // No body at all is a duplicate's default ("<name> (copy)"), not a hostile one.
      for (const payload of url.endsWith("/duplicate/") ? bodies.filter((body) => body !== null) : bodies) {
        const response = await call(method, url, world.headers.admin, payload);
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
        expect((response.json() as { code: string }).code).toMatch(/^ERROR_\d{3}$/);
      }
    }
    for (const url of ["/api/exercise-templates/0/", "/api/exercise-templates/abc/", "/api/exercise-templates/99999999999/", "/api/institutions/-1/games/", "/api/exercise-templates/?institution=x"]) {
      const response = await call("GET", url, world.headers.admin);
      expect(response.statusCode, url).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});
