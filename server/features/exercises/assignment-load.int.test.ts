import { eq, gt, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { percentile } from "../../../tests/bench/inject-timings.ts";
import { MAX_LEVEL_WRITES_PER_ASSIGNMENT } from "../../../domain/exercises/assignment-rules.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import type { TestApp } from "../../test-app.test-helper.ts";
import { type AssignmentLoad, fireWhileSampling, listeningApp, prepareAssignmentLoad, serverShapedDatabase } from "./assignment-load.test-helper.ts";

// Issue 19 A: the cap on one call's work, and ten maximal calls at once against a real listening
// server while /api/health is sampled, on the database as the server runs it (PGlite in its own
// process). The bound is generous (a busy 2-core machine); the target is
// tests/bench/assignment-load.bench.ts's.
const SETUP_TIMEOUT = 180_000;
const RUN_TIMEOUT = 180_000;
const CALLS = 10;
const HEALTH_P99_BOUND_MS = 1_000;

describe.each(TEST_DRIVERS)("ten maximal assignments at once on %s", (driver) => {
  let t: TestApp;
  let baseUrl = "";
  let load: AssignmentLoad;

  beforeAll(async () => {
    ({ t, baseUrl } = await listeningApp(await serverShapedDatabase(driver)));
    load = await prepareAssignmentLoad(t, driver, CALLS);
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  it("refuses a call over the cap with 400 ERROR_056 on patients, writes nothing and audits the refusal", async () => {
    const db = t.database.db;
    const since = (await db.select({ id: auditEvents.id }).from(auditEvents)).reduce((max, row) => Math.max(max, row.id), 0);
    const response = await t.app.inject({ method: "POST", url: "/api/assignments/", headers: { ...load.headers, "content-type": "application/json" }, payload: JSON.stringify(load.overCap) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: "ERROR_056", detail: { field: "patients" } });
    expect(await db.$count(patientGameLevels, inArray(patientGameLevels.patientId, [...load.overCap.patients]))).toBe(0);
    const audit = await db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(audit.map((row) => [row.action, row.outcome, row.reason])).toEqual([["assign", "failure", "assignment_too_large"]]);
  });

  it(
    "assigns all ten, each at the cap, with small answers, while /api/health keeps answering",
    async () => {
      expect(load.levelsPerCall).toBeLessThanOrEqual(MAX_LEVEL_WRITES_PER_ASSIGNMENT);
      expect(load.levelsPerCall).toBeGreaterThan(MAX_LEVEL_WRITES_PER_ASSIGNMENT * 0.9);
      const run = await fireWhileSampling(baseUrl, load, RUN_TIMEOUT);
      expect(run.statuses).toEqual(load.bodies.map(() => 200));
      for (const [index, answer] of run.answers.entries()) {
        const body = load.bodies[index];
        expect(answer).toEqual({ patients: body?.patients.length, levels_created: load.levelsPerCall, levels_updated: 0, patient_ids: body?.patients });
      }
      // Counts and ids: a few kilobytes whatever the number of levels.
      expect(Math.max(...run.answerBytes)).toBeLessThan(8_000);
      const [first] = load.bodies;
      expect(await t.database.db.$count(patientGameLevels, eq(patientGameLevels.patientId, first?.patients[0] ?? 0))).toBe(load.levelsPerCall / (first?.patients.length ?? 1));
      expect(run.healthFailures).toBe(0);
      expect(run.health.length).toBeGreaterThan(0);
      expect(percentile(run.health, 99)).toBeLessThanOrEqual(HEALTH_P99_BOUND_MS);
      console.log(`${driver}: ${CALLS} calls of ${load.levelsPerCall} levels in ${run.elapsedMs.toFixed(0)} ms; health p50 ${percentile(run.health, 50).toFixed(1)} ms, p99 ${percentile(run.health, 99).toFixed(1)} ms, max ${Math.max(...run.health).toFixed(1)} ms over ${run.health.length} calls`);
    },
    RUN_TIMEOUT,
  );
});
