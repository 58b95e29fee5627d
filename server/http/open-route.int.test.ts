import * as Schema from "effect/Schema";
import Fastify, { type FastifyInstance } from "fastify";
import { gt } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { auditEvents } from "../db/schema/audit.ts";
import { createTestDatabase } from "../db/test-database.ts";
import { decodeRequest } from "./decode-request.ts";
import { authTrail, noScope, openRoute } from "./open-route.ts";
import type { Principal } from "./principal.ts";

// The openings the sign-in calls use (issue 20): a public caller, and the auth trail as audit target.

const clock = manualClock(new Date("2026-03-01T12:00:00Z"));
const caller = { userId: 7, role: "staff", institutionId: 3, sessionId: "session-7" } as unknown as Principal;
const body = decodeRequest(Schema.Struct({ email: Schema.String }), "body");

let database: DatabaseHandle;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase("pglite");
  const deps = { db: database.db, clock };
  app = Fastify();
  app.decorateRequest("principal", undefined);
  app.decorateRequest("preAuth", undefined);
  // Stands in for the access rule: the sign-in step's pre-authentication token has been checked.
  app.addHook("preHandler", async (request) => {
    if (request.url.startsWith("/step")) request.preAuth = caller;
  });
  app.post(
    "/public",
    openRoute(deps, { caller: "public", audit: authTrail(), decode: { body }, scope: noScope })(async ({ principal, input, trail }) => {
      await trail({ action: "auth.password_reset_request", outcome: "success", userId: 42, institutionId: 5 });
      return { principal, email: (input as { readonly body: { readonly email: string } }).body.email };
    }),
  );
  app.post(
    "/step",
    openRoute(deps, { caller: "pre-auth", audit: authTrail("auth.password_change"), decode: { body }, scope: noScope })(async ({ trail, audit }) => {
      await trail({ action: "auth.code_sent", outcome: "denied", reason: "cooldown" });
      await audit("success", null);
      return {};
    }),
  );
  app.post(
    "/record",
    openRoute(deps, { caller: "public", audit: { action: "read", resource: "user" }, scope: noScope })(async ({ trail }) => {
      await trail({ action: "auth.password", outcome: "failure" });
      return {};
    }),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});
// The trail is append-only: each test reads the rows written after it began.
let before = 0;
beforeEach(async () => {
  const last = await database.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(auditEvents.id);
  before = last.at(-1)?.id ?? 0;
});

const rows = () => database.db.select().from(auditEvents).where(gt(auditEvents.id, before)).orderBy(auditEvents.id);

describe("openRoute for the sign-in calls", () => {
  it("opens a public route with no principal, decodes its body, and lets the handler name who an auth event is about", async () => {
    const answer = await app.inject({ method: "POST", url: "/public", payload: { email: "a@b.test" } });
    expect(answer.json()).toEqual({ principal: null, email: "a@b.test" });
    expect(await rows()).toMatchObject([
      { action: "auth.password_reset_request", resource: "auth_session", resourceId: null, userId: 42, institutionId: 5, outcome: "success" },
    ]);
  });

  it("answers a public route's invalid body 400 without an audit row, when the trail names no action of its own", async () => {
    const answer = await app.inject({ method: "POST", url: "/public", payload: { email: 1 } });
    expect(answer.statusCode).toBe(400);
    expect(await rows()).toEqual([]);
  });

  it("writes a sign-in step's named events about the caller's session, and its own action for `audit`", async () => {
    expect((await app.inject({ method: "POST", url: "/step", payload: { email: "a@b.test" } })).statusCode).toBe(200);
    expect(await rows()).toMatchObject([
      { action: "auth.code_sent", resource: "auth_session", resourceId: "session-7", userId: 7, institutionId: 3, outcome: "denied", reason: "cooldown" },
      { action: "auth.password_change", resource: "auth_session", resourceId: "session-7", userId: 7, institutionId: 3, outcome: "success", reason: null },
    ]);
  });

  it("audits a sign-in step's invalid body under the route's own action", async () => {
    expect((await app.inject({ method: "POST", url: "/step", payload: {} })).statusCode).toBe(400);
    expect(await rows()).toMatchObject([{ action: "auth.password_change", resource: "auth_session", resourceId: "session-7", outcome: "failure", reason: "invalid_body" }]);
  });

  it("refuses an auth event from a route whose audit target is not the auth trail", async () => {
    expect((await app.inject({ method: "POST", url: "/record" })).statusCode).toBe(500);
    expect(await rows()).toEqual([]);
  });
});
