import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authSessions } from "../db/schema/auth-sessions.ts";
import { signInGuards } from "../db/schema/sign-in-guards.ts";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { createAccount, signIn } from "./auth.test-helper.ts";
import { type TestApp, createTestApp } from "../test-app.test-helper.ts";
import { pruneAuthState } from "./prune-auth-state.ts";
import { revokeAllSessions } from "./sessions.ts";

const DAY = 24 * 60 * 60_000;

describe.each(TEST_DRIVERS)("pruning sign-in state (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it("forgets sessions ended over 30 days ago and quiet counters, but keeps live sessions and hard locks", async () => {
    const gone = await createAccount(t, { email: "gone@clinic.test" });
    await signIn(t, gone);
    await revokeAllSessions(t.database.db, gone.id, { reason: "sign_out", now: t.clock.now() });
    await t.database.db.insert(signInGuards).values([
      { key: "quiet", consecutiveFailures: 3, updatedAt: t.clock.now() },
      { key: "hard", consecutiveFailures: 100, hardLockedAt: t.clock.now(), updatedAt: t.clock.now() },
    ]);
    t.clock.advance(31 * DAY);
    const live = await createAccount(t, { email: "live@clinic.test" });
    await signIn(t, live);
    await pruneAuthState(t.database.db, t.clock.now());
    const sessions = await t.database.db.select({ userId: authSessions.userId }).from(authSessions);
    expect(sessions.map((s) => s.userId)).toEqual([live.id]);
    const guards = await t.database.db.select({ key: signInGuards.key }).from(signInGuards);
    expect(guards.map((g) => g.key)).toEqual(["hard"]);
  });
});
