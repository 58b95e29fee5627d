import { asc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exerciseTemplates } from "../../server/db/schema/games.ts";
import { attemptNotes } from "../../server/db/schema/notes.ts";
import { patients } from "../../server/db/schema/patients.ts";
import { TEST_DRIVERS } from "../../server/db/test-database.ts";
import { type SessionWorld, sessionWorld } from "../../server/session-world.test-helper.ts";

// Invisible direction and width characters (docs/validation.md, "Invisible characters"): refused
// in names, e-mails, addresses and template names, so nothing displays differently from what is
// stored, with nothing changed; dropped from prose (notes), where a stray one from a paste is harmless.
const SETUP_TIMEOUT = 180_000;
const RLO = "\u202e";
const ZWSP = "\u200b";

type Failure = { code: string; detail: { field?: string } | null };

describe.each(TEST_DRIVERS)("invisible characters on %s", (driver) => {
  let world: SessionWorld;
  beforeAll(async () => {
    world = await sessionWorld(driver, "invisible");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const call = (who: keyof SessionWorld["headers"], method: "POST" | "PATCH" | "PUT", url: string, body: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({ method, url, headers: { ...world.headers[who], "content-type": "application/json" }, payload: JSON.stringify(body) });
  const expectRefused = (response: LightMyRequestResponse, field: string): void => {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as Failure;
    expect(body.code).toBe("ERROR_056");
    expect(body.detail?.field).toBe(field);
  };
  const allPatients = () => world.db.select().from(patients).orderBy(asc(patients.id));
  const allTemplates = () => world.db.select().from(exerciseTemplates).orderBy(asc(exerciseTemplates.id));
  const patientBody = (extra: Record<string, unknown>) => ({
    first_name: "Margaret",
    last_name: "Holloway",
    email: "margaret.invisible@home.test",
    birthdate: "1948-07-14",
    gender: "female",
    staff: world.slpStaffId,
    ...extra,
  });

  it(
    "refuses a patient created with one in a name, the e-mail or an address line, naming the field, and creates nothing",
    async () => {
      const before = await allPatients();
      expectRefused(await call("admin", "POST", "/api/patients/", patientBody({ first_name: `Mar${RLO}garet` })), "first_name");
      expectRefused(await call("admin", "POST", "/api/patients/", patientBody({ last_name: `Hollo${ZWSP}way` })), "last_name");
      expectRefused(await call("admin", "POST", "/api/patients/", patientBody({ email: `marg${RLO}aret@home.test` })), "email");
      expectRefused(await call("admin", "POST", "/api/patients/", patientBody({ contact_info: { address_1: `12 Beacon${RLO} Street` } })), "contact_info.address_1");
      expect(await allPatients()).toEqual(before);
    },
    SETUP_TIMEOUT,
  );

  it(
    "refuses a patient update with one in a name or an address line, naming the field, and changes nothing",
    async () => {
      const before = await allPatients();
      const url = `/api/patients/${world.patientId}/`;
      expectRefused(await call("slp", "PATCH", url, { last_name: `Smith${RLO}` }), "last_name");
      expectRefused(await call("admin", "PATCH", url, { first_name: `\u2066Ann`, last_name: "Lee" }), "first_name");
      expectRefused(await call("admin", "PATCH", url, { contact_info: { address_2: `Flat${ZWSP} 2` } }), "contact_info.address_2");
      expect(await allPatients()).toEqual(before);
    },
    SETUP_TIMEOUT,
  );

  it(
    "refuses a template name with one, on create, edit and duplicate, and changes nothing",
    async () => {
      const created = await call("admin", "POST", "/api/exercise-templates/", { name: "Morning set", games: [] });
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json() as { id: number }).id;
      const before = await allTemplates();
      expectRefused(await call("admin", "POST", "/api/exercise-templates/", { name: `Evening${RLO} set`, games: [] }), "name");
      expectRefused(await call("admin", "PUT", `/api/exercise-templates/${id}/`, { name: `Morning${RLO} set`, games: [] }), "name");
      expectRefused(await call("admin", "POST", `/api/exercise-templates/${id}/duplicate/`, { name: `Copy${RLO}` }), "name");
      expect(await allTemplates()).toEqual(before);
    },
    SETUP_TIMEOUT,
  );

  it(
    "stores a note without the zero width space a paste left in it, and keeps everything else",
    async () => {
      const session = await world.addSession({ patientId: world.patientId, type: "naming", start: new Date("2026-02-12T09:00:00Z") });
      const attemptId = session.attemptIds[0] ?? 0;
      const content = `Needed a${ZWSP} phonemic cue.\nThen named it ${RLO}quickly 👩\u200d⚕️.`;
      const response = await call("slp", "POST", "/api/attempt-notes/", { game_attempt: attemptId, note_type: world.noteTypeIds[0], content });
      expect(response.statusCode, response.body).toBe(201);
      const expected = "Needed a phonemic cue.\nThen named it quickly 👩\u200d⚕️.";
      expect((response.json() as { note: string }).note).toBe(expected);
      const id = (response.json() as { id: number }).id;
      const [stored] = await world.db.select({ content: attemptNotes.content }).from(attemptNotes).where(eq(attemptNotes.id, id));
      expect(stored?.content).toBe(expected);
    },
    SETUP_TIMEOUT,
  );
});
