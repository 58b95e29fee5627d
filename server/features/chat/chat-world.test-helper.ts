import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { Database, DatabaseDriver, DatabaseHandle } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { API_KEY_HEADER, type TestAppOptions } from "../../test-app.test-helper.ts";

/** The patients world with the chat's calls: the world's SLP, their patient's thread, a paired device of that patient. */
export type ChatWorld = PatientsWorld & {
  readonly db: Database;
  /** Assigned to the world's SLP. */
  readonly patientId: number;
  /** Assigned to the other SLP of the same clinic. */
  readonly otherSlpPatientId: number;
  /** A patient of the other clinic. */
  readonly foreignPatientId: number;
  readonly threadId: number;
  readonly device: { readonly id: number; readonly token: string };
  readonly deviceHeaders: Record<string, string>;
  readonly pair: (patientId: number) => Promise<{ readonly id: number; readonly token: string }>;
  readonly send: (who: keyof PatientsWorld["headers"], threadId: number, body: string, clientId?: string) => Promise<LightMyRequestResponse>;
};

/** The URL of a PostgreSQL test database: DATABASE_URL's server, the database this handle was given. */
export const databaseUrlOf = async (database: DatabaseHandle): Promise<string> => {
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
  const url = new URL(process.env.DATABASE_URL ?? "");
  url.pathname = `/${result.rows[0]?.name ?? ""}`;
  return url.toString();
};

export const json = { "content-type": "application/json" } as const;
export const withDevice = (token: string) => ({ ...API_KEY_HEADER, authorization: `Device ${token}` });

export const chatWorld = async (driver: DatabaseDriver, tag: string, options?: TestAppOptions): Promise<ChatWorld> => {
  const world = await patientsWorld(driver, tag, options);
  const db = world.t.database.db;
  const patient = async (institutionId: number, staffId: number, name: string): Promise<number> => {
    const [row] = await db
      .insert(patients)
      .values({ institutionId, firstName: name, lastName: "Chat", email: `${name.toLowerCase()}.${tag}@home.test`, birthdate: "1948-06-07", gender: "female", assignedStaffId: staffId, status: "active" })
      .returning({ id: patients.id });
    if (row === undefined) throw new Error("no patient");
    return row.id;
  };
  const patientId = await patient(world.clinic, world.slpStaffId, "Winifred");
  const otherSlpPatientId = await patient(world.clinic, world.otherSlpStaffId, "Philippa");
  const foreignPatientId = await patient(world.otherClinic, world.foreignStaffId, "Bartholomew");
  const opened = await world.t.app.inject({ method: "PUT", url: `/api/slp-chat/patients/${patientId}/thread/`, headers: world.headers.slp });
  if (opened.statusCode !== 200) throw new Error(`patient thread answered ${opened.statusCode}: ${opened.body}`);
  const pair = async (forPatient: number) => {
    const response = await world.t.app.inject({ method: "POST", url: `/api/patients/${forPatient}/devices/`, headers: { ...world.headers.slp, ...json }, payload: { label: "Home tablet" } });
    if (response.statusCode !== 201) throw new Error(`pairing answered ${response.statusCode}: ${response.body}`);
    return response.json() as { id: number; token: string };
  };
  const device = await pair(patientId);
  const send: ChatWorld["send"] = (who, threadId, body, clientId = randomUUID()) =>
    world.t.app.inject({ method: "POST", url: `/api/slp-chat/threads/${threadId}/messages/`, headers: { ...world.headers[who], ...json }, payload: { client_id: clientId, body } });
  return { ...world, db, patientId, otherSlpPatientId, foreignPatientId, threadId: (opened.json() as { id: number }).id, device, deviceHeaders: withDevice(device.token), pair, send };
};
