import { desc, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { auditEvents } from "../../db/schema/audit.ts";
import { institutionAllowedDomains } from "../../db/schema/institutions.ts";
import { outboxMessages } from "../../db/schema/outbox.ts";
import type { DatabaseDriver } from "../../db/database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { API_KEY_HEADER } from "../../test-app.test-helper.ts";

// What the administrators suites share: the clinic world with the clinic's allowed domain set,
// calls as each principal, and the invitation e-mails of the outbox.

export type Who = keyof PatientsWorld["headers"];
export type Failure = { code: string; message: string; detail: { field?: string } | null };
export type AdministratorRecord = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  status: string;
  groups: string[];
  role: { id: number; title: string; code_name: string };
  phone: string | null;
  institution: number;
  created_at: string;
  invitation: { state: string; invited_by: { first_name: string; last_name: string } | null; sent_at: string; expires_at: string } | null;
  last_active_administrator: boolean;
  version: number;
};
export type AdministratorPage = { current_page: number; total_pages: number; count: number; results: AdministratorRecord[] };

/** The clinic world, with the clinic taking only clinic.test addresses (the other clinic takes any). */
export const administrationWorld = async (driver: DatabaseDriver, tag: string): Promise<PatientsWorld> => {
  const world = await patientsWorld(driver, tag);
  await world.t.database.db.insert(institutionAllowedDomains).values({ institutionId: world.clinic, domain: "clinic.test" });
  return world;
};

export const caller = (world: PatientsWorld) => (who: Who, method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, body?: unknown, extra: Record<string, string> = {}) =>
  world.t.app.inject({
    method,
    url,
    headers: { ...world.headers[who], ...extra, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

export const expectFailure = (response: LightMyRequestResponse, status: number, code: string, field?: string): Failure => {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as Failure;
  expect(body.code, response.body).toBe(code);
  if (field !== undefined) expect(body.detail?.field, response.body).toBe(field);
  return body;
};

/** The e-mails sent to an address, newest first. */
export const mailsTo = (world: PatientsWorld, to: string) =>
  world.t.database.db
    .select({ subject: outboxMessages.subject, body: outboxMessages.body })
    .from(outboxMessages)
    .where(sql`lower(${outboxMessages.recipient}) = lower(${to})`)
    .orderBy(desc(outboxMessages.id));

/** The token of the newest invitation link sent to an address. */
export const newestLinkToken = async (world: PatientsWorld, to: string): Promise<string> => {
  const [newest] = await mailsTo(world, to);
  const token = /\/auth\/invitation\?token=([^\s]+)/.exec(newest?.body ?? "")?.[1];
  if (token === undefined) throw new Error(`no invitation link in the newest e-mail to ${to}`);
  return decodeURIComponent(token);
};

/** What the landing page learns of a link: "open", or why it no longer works. */
export const linkState = async (world: PatientsWorld, token: string): Promise<string> => {
  const response = await world.t.app.inject({ method: "POST", url: "/api/invitations/lookup/", headers: { ...API_KEY_HEADER, "content-type": "application/json" }, payload: JSON.stringify({ token }) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { state: string }).state;
};

/** The newest audit row about administrators. */
export const lastAdministratorAudit = async (world: PatientsWorld) => {
  const [row] = await world.t.database.db.select().from(auditEvents).where(eq(auditEvents.resource, "administrator")).orderBy(desc(auditEvents.id)).limit(1);
  return row;
};
