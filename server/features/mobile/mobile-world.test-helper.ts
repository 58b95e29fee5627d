import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { uploadFromDetail, type MobileSessionUploadJson } from "../../../domain/mobile/upload-from-detail.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import type { GameType } from "../../../domain/shared/games/game-type.ts";
import { SESSION_DETAIL_EXAMPLES } from "../../../domain/session-review/attempt-mapping/session-detail-examples.fixtures.ts";
import type { Database, DatabaseDriver } from "../../db/database.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { games } from "../../db/schema/games.ts";
import { patients } from "../../db/schema/patients.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { API_KEY_HEADER } from "../../test-app.test-helper.ts";

/** The patients world with patients of its own, live assignments on demand, device tokens and uploads. */
export type MobileWorld = PatientsWorld & {
  readonly db: Database;
  /** Assigned to the world's SLP. */
  readonly patientId: number;
  /** Another patient of the same SLP (a device of one must not reach the other's assignments). */
  readonly siblingPatientId: number;
  /** Assigned to the other SLP of the same clinic. */
  readonly otherSlpPatientId: number;
  /** A patient of the other clinic. */
  readonly foreignPatientId: number;
  readonly gameIdOf: (type: GameType) => number;
  /** The patient's live assignment of a game, created on first use (difficulty as the game's example). */
  readonly levelOf: (patientId: number, type: GameType, difficulty?: Difficulty) => Promise<number>;
  /** Pairs a device with the patient as the world's SLP (or another caller) and answers its id and token. */
  readonly pair: (patientId: number, who?: keyof PatientsWorld["headers"]) => Promise<{ readonly id: number; readonly token: string }>;
  /** Sends a session as a device. */
  readonly upload: (token: string, body: unknown) => Promise<LightMyRequestResponse>;
};

export const MOBILE_UPLOAD_URL = "/api/mobile/game-sessions/";
export const withDevice = (token: string) => ({ ...API_KEY_HEADER, authorization: `Device ${token}` });

let counter = 0;

/** A session of the game as the app sends it: the documented example's challenges, played from `start` (10:00 on the world's day), its attempts at their times into the session. */
export const sessionBody = (
  type: GameType,
  levelId: number,
  options: { readonly clientSessionId?: string; readonly start?: Date; readonly seconds?: number } = {},
): MobileSessionUploadJson => {
  const start = options.start ?? new Date("2026-03-01T10:00:00Z");
  const end = new Date(start.getTime() + (options.seconds ?? 360) * 1000);
  return uploadFromDetail(SESSION_DETAIL_EXAMPLES[type], { clientSessionId: options.clientSessionId ?? randomUUID(), levelId, startTime: start.toISOString(), endTime: end.toISOString() });
};

export const mobileWorld = async (driver: DatabaseDriver, tag: string): Promise<MobileWorld> => {
  const world = await patientsWorld(driver, tag);
  const db = world.t.database.db;
  const gameRows = await db.select({ id: games.id, type: games.type }).from(games);
  const gameIdOf = (type: GameType): number => gameRows.find((row) => row.type === type)?.id ?? 0;
  const patient = async (institutionId: number, staffId: number | null, name: string): Promise<number> => {
    counter += 1;
    const [row] = await db
      .insert(patients)
      .values({ institutionId, firstName: name, lastName: "Mobile", email: `${name.toLowerCase()}.${tag}.${counter}@home.test`, birthdate: "1948-06-07", gender: "female", assignedStaffId: staffId, status: "active" })
      .returning({ id: patients.id });
    if (row === undefined) throw new Error("no patient");
    return row.id;
  };
  const levels = new Map<string, number>();
  const levelOf = async (forPatient: number, type: GameType, difficulty: Difficulty = SESSION_DETAIL_EXAMPLES[type].difficulty): Promise<number> => {
    const key = `${forPatient}:${type}:${difficulty}`;
    const known = levels.get(key);
    if (known !== undefined) return known;
    const [row] = await db
      .insert(patientGameLevels)
      .values({ patientId: forPatient, gameId: gameIdOf(type), difficulty, amountChallenges: 5, amountTrials: 3, minRepetitionsPerDay: 0, maxRepetitionsPerDay: 3, assignedAt: new Date("2026-01-05T09:00:00Z") })
      .returning({ id: patientGameLevels.id });
    if (row === undefined) throw new Error("no level");
    levels.set(key, row.id);
    return row.id;
  };
  const pair = async (patientId: number, who: keyof PatientsWorld["headers"] = "slp") => {
    const response = await world.t.app.inject({ method: "POST", url: `/api/patients/${patientId}/devices/`, headers: world.headers[who], payload: { label: "Home tablet" } });
    if (response.statusCode !== 201) throw new Error(`pairing answered ${response.statusCode}: ${response.body}`);
    return response.json() as { id: number; token: string };
  };
  const upload = (token: string, body: unknown) =>
    world.t.app.inject({ method: "POST", url: MOBILE_UPLOAD_URL, headers: { ...withDevice(token), "content-type": "application/json" }, payload: JSON.stringify(body) });
  return {
    ...world,
    db,
    patientId: await patient(world.clinic, world.slpStaffId, "Winifred"),
    siblingPatientId: await patient(world.clinic, world.slpStaffId, "Cornelius"),
    otherSlpPatientId: await patient(world.clinic, world.otherSlpStaffId, "Philippa"),
    foreignPatientId: await patient(world.otherClinic, world.foreignStaffId, "Bartholomew"),
    gameIdOf,
    levelOf,
    pair,
    upload,
  };
};
