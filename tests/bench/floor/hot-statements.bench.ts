import { eq } from "drizzle-orm";
import { jwtVerify } from "jose";
import { afterAll, bench, describe } from "vitest";
import { recordAudit } from "../../../server/audit/record-audit.ts";
import { signToken, verifyToken } from "../../../server/auth/access-tokens.ts";
import { deriveAuthKeys } from "../../../server/auth/auth-keys.ts";
import { createAccount, signIn } from "../../../server/auth/auth.test-helper.ts";
import { loadSession } from "../../../server/auth/sessions.ts";
import { manualClock } from "../../../server/clock.ts";
import type { Database, DatabaseDriver } from "../../../server/db/database.ts";
import { auditEvents } from "../../../server/db/schema/audit.ts";
import { authSessions } from "../../../server/db/schema/auth-sessions.ts";
import { roles } from "../../../server/db/schema/roles.ts";
import { administrators, staff, users } from "../../../server/db/schema/users.ts";
import { type TestApp, createTestApp } from "../../../server/test-app.test-helper.ts";
import { type Case, TIMING_HEADER, countStatements, measureCases, timingRow } from "./request-timer.ts";

// The per-request statements and the token check, each the way it was before issue 22 and the way
// it is now, called directly (no HTTP) and round-robin in one process so a busy machine weighs on
// both alike: the session lookup built by drizzle on every call against the prepared one, the
// audit insert likewise, and jose's WebCrypto HS256 verification against node:crypto's HMAC.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
countStatements();
const WARMUP = 200;
const drivers: DatabaseDriver[] = process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === "" ? ["pglite"] : ["pglite", "postgres"];

/** loadSession as it was: the builder runs on every call and the statement has no name. */
const builtSessionLookup = (db: Database, sessionId: string) =>
  db
    .select({
      id: authSessions.id,
      userId: authSessions.userId,
      stage: authSessions.stage,
      createdAt: authSessions.createdAt,
      lastActivityAt: authSessions.lastActivityAt,
      expiresAt: authSessions.expiresAt,
      revokedAt: authSessions.revokedAt,
      failedCodeAttempts: authSessions.failedCodeAttempts,
      roleCode: roles.code,
      institutionId: users.institutionId,
      archivedAt: users.archivedAt,
      administratorStatus: administrators.status,
      staffStatus: staff.status,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(administrators, eq(administrators.userId, users.id))
    .leftJoin(staff, eq(staff.userId, users.id))
    .where(eq(authSessions.id, sessionId))
    .limit(1);

const event = (userId: number) => ({
  occurredAt: new Date("2026-03-01T12:00:00Z"),
  userId,
  role: "staff",
  patientId: null,
  userAgent: "bench",
  institutionId: null,
  ip: "127.0.0.1",
  action: "read",
  resource: "patient",
  resourceId: "1",
  outcome: "success" as const,
  requestId: "bench",
  reason: null,
});

const setUp = async (driver: DatabaseDriver): Promise<{ t: TestApp; cases: Case[] }> => {
  const t = await createTestApp(driver);
  const db = t.database.db;
  const account = await createAccount(t, { email: `hot.${driver}@bench.test`, role: "staff" });
  await signIn(t, account);
  const [session] = await db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, account.id)).limit(1);
  const sessionId = session?.id ?? "";
  return {
    t,
    cases: [
      { name: "session lookup, built per call (before)", run: async () => void (await builtSessionLookup(db, sessionId)) },
      { name: "session lookup, prepared", run: async () => void (await loadSession(db, sessionId)) },
      { name: "audit insert, built per call (before)", run: async () => void (await db.insert(auditEvents).values(event(account.id))) },
      { name: "audit insert, prepared", run: () => recordAudit(db, event(account.id)) },
    ],
  };
};

const keys = deriveAuthKeys("bench-secret");
const clock = manualClock(new Date("2026-03-01T12:00:00Z"));
const token = await signToken(keys, clock, { userId: 4, sessionId: "6f1c2a4e-8b3d-4f5a-9c7e-1d2b3a4c5e6f", scope: "access" });
const tokenCases: Case[] = [
  {
    name: "token check, jose (WebCrypto) as before",
    run: async () => {
      await jwtVerify(token, keys.jwt, { algorithms: ["HS256"], issuer: "speech-therapy-care-portal", audience: "portal-api", currentDate: clock.now(), clockTolerance: 0, requiredClaims: ["exp", "iat", "sub"] });
    },
  },
  {
    name: "token check, verifyToken now",
    run: async () => {
      if ((await verifyToken(keys, clock, token, "access")) === undefined) throw new Error("the bench token did not verify");
    },
  },
];

const setups = new Map<DatabaseDriver, { t: TestApp; cases: Case[] }>();
for (const driver of drivers) setups.set(driver, await setUp(driver));
const lines = [...TIMING_HEADER];

afterAll(async () => {
  console.log(`\nHot statements and the token check, ${ROUNDS} rounds after ${WARMUP} warm-up rounds (times in ms)\n${lines.join("\n")}\n`);
  for (const setup of setups.values()) await setup.t.close();
});

describe("hot statements and the token check", () => {
  bench(
    "token",
    async () => {
      for (const [name, timing] of await measureCases(tokenCases, ROUNDS * 5, WARMUP)) lines.push(timingRow(name, timing));
    },
    { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 },
  );
  for (const [driver, setup] of setups) {
    bench(
      driver,
      async () => {
        for (const [name, timing] of await measureCases(setup.cases, ROUNDS, WARMUP)) lines.push(timingRow(`${driver}: ${name}`, timing));
      },
      { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 },
    );
  }
});
