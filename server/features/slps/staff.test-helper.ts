import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { newestMessage } from "../../auth/auth.test-helper.ts";
import type { PatientsWorld } from "../../clinic-world.test-helper.ts";
import { patients } from "../../db/schema/patients.ts";
import { API_KEY_HEADER, type TestApp } from "../../test-app.test-helper.ts";

// What the staff suites and the invitation acceptance suite share: calls as one of the world's
// people, catalogue failures, and the link an invitation e-mail carries.

export type Who = keyof PatientsWorld["headers"];
export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
export type StaffBody = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  status: string;
  version: number;
  role: { code_name: string };
  contact_info: Record<string, unknown> & { phone: string | null; zip_code: string | null; country: { id: number } | null };
  caseload: { patients: number; active_patients: number };
  invitation: { state: string; invited_by: { first_name: string; last_name: string } | null; expires_at: string } | null;
};

/** One call as a person of the world, with a JSON body when given and any extra headers (If-Match). */
export const callAs =
  (world: PatientsWorld) =>
  (who: Who, method: Method, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers[who], ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

/** The answer is this catalogue failure (and on this field, when given). */
export const expectFailure = (response: LightMyRequestResponse, status: number, code: string, field?: string): void => {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { code: string; detail: { field?: string } | null };
  expect(body.code, response.body).toBe(code);
  if (field !== undefined) expect(body.detail?.field, response.body).toBe(field);
};

/** The token of the newest invitation link mailed to an address (the outbox keeps every message). */
export const newestInvitationToken = async (t: TestApp, to: string): Promise<string> => {
  const body = (await newestMessage(t, to))?.body ?? "";
  const match = /\/auth\/invitation\?token=(\S+)/.exec(body);
  if (match?.[1] === undefined) throw new Error(`no invitation link in the newest message to ${to}`);
  return decodeURIComponent(match[1]);
};

/** What the landing page learns of a token. */
export const lookup = async (t: TestApp, token: string): Promise<{ state: string; email?: string; first_name?: string; last_name?: string; institution_name?: string }> => {
  const response = await t.app.inject({ method: "POST", url: "/api/invitations/lookup/", headers: API_KEY_HEADER, payload: { token } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** Accepts a link with a password and its confirmation. */
export const accept = (t: TestApp, token: string, password: string, confirmation = password): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: "POST", url: "/api/invitations/accept/", headers: API_KEY_HEADER, payload: { token, new_password: password, new_password_confirmation: confirmation } });

let patientCounter = 0;

/** Live patients assigned to an SLP, straight into the database (the handover's material). */
export const givePatients = async (world: PatientsWorld, staffId: number, statuses: ReadonlyArray<"active" | "pending" | "inactive">): Promise<number[]> => {
  const ids: number[] = [];
  for (const status of statuses) {
    patientCounter += 1;
    const [row] = await world.t.database.db
      .insert(patients)
      .values({ institutionId: world.clinic, firstName: "Pat", lastName: `Case${patientCounter}`, email: `case.${patientCounter}@patients.test`, birthdate: "1950-01-01", gender: "female", status, assignedStaffId: staffId })
      .returning({ id: patients.id });
    if (row !== undefined) ids.push(row.id);
  }
  return ids;
};
