import { and, desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { exerciseTemplates } from "../../db/schema/games.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import {
  type VersionNamed,
  type VersionedSubject,
  expectCurrentWrites,
  expectOneRacerWins,
  expectStaleRefused,
  expectUnreadableRefused,
  expectUnversionedWrites,
} from "../../http/versioned-writes.test-helper.ts";

// Issue 19: two administrators editing one exercise template no longer overwrite each other
// silently (docs/exercises-api.md, "Versions").
const SETUP_TIMEOUT = 180_000;

describe.each(TEST_DRIVERS)("template versions on %s", (driver) => {
  let world: PatientsWorld;
  let created = 0;

  beforeAll(async () => {
    world = await patientsWorld(driver, "template-versions");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  type Who = keyof PatientsWorld["headers"];
  const call = (who: Who, method: "GET" | "POST" | "PUT", url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers[who], ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const ifMatch = (version: VersionNamed): Record<string, string> => (version.ifMatch === undefined ? {} : { "if-match": version.ifMatch });
  const newTemplate = async (): Promise<number> => {
    created += 1;
    const response = await call("admin", "POST", "/api/exercise-templates/", { name: `Versioned ${created}`, games: [] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers.etag).toBe('"1"');
    expect(response.json()).toMatchObject({ version: 1 });
    return (response.json() as { id: number }).id;
  };
  /** PUT exercise-templates/{id}/ of the name, as the institution administrator would from two tabs (only they change templates). */
  const nameSubject = (id: number): VersionedSubject<string> => ({
    write: (name, version) => {
      const body = { name, games: [], ...(version.body === undefined ? {} : { version: version.body }) };
      return call("admin", "PUT", `/api/exercise-templates/${id}/`, body, ifMatch(version));
    },
    stored: async () => {
      const [row] = await world.t.database.db.select({ version: exerciseTemplates.version, value: exerciseTemplates.name }).from(exerciseTemplates).where(eq(exerciseTemplates.id, id));
      if (row === undefined) throw new Error("no template");
      return row;
    },
    lastAudit: async () => {
      const [row] = await world.t.database.db
        .select({ outcome: auditEvents.outcome, reason: auditEvents.reason })
        .from(auditEvents)
        .where(and(eq(auditEvents.resource, "exercise_template"), eq(auditEvents.resourceId, String(id))))
        .orderBy(desc(auditEvents.id))
        .limit(1);
      return row;
    },
    values: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Template ${id} take ${n}`),
  });

  it("answers a template's version in GET, with the ETag", async () => {
    const id = await newTemplate();
    const read = await call("admin", "GET", `/api/exercise-templates/${id}/`);
    expect(read.headers.etag).toBe('"1"');
    expect(read.json()).toMatchObject({ version: 1 });
  });

  it("refuses a stale PUT (412 ERROR_056 on version) and changes nothing", async () => {
    const id = await newTemplate();
    await call("admin", "PUT", `/api/exercise-templates/${id}/`, { name: `Renamed ${id}`, games: [] });
    await expectStaleRefused(nameSubject(id));
  });

  it("writes with the current version, answering the next one in the body and the ETag", async () => {
    await expectCurrentWrites(nameSubject(await newTemplate()));
  });

  it("lets exactly one of two PUTs from the same version win", async () => {
    const subject = nameSubject(await newTemplate());
    for (let round = 0; round < 3; round += 1) await expectOneRacerWins(subject);
  });

  it("keeps writing without a version", async () => {
    await expectUnversionedWrites(nameSubject(await newTemplate()));
  });

  it("refuses a malformed or contradictory version (400)", async () => {
    await expectUnreadableRefused(nameSubject(await newTemplate()));
  });

  it("versions the clear action: a stale one is 412 and clears nothing, the current one moves the version", async () => {
    const id = await newTemplate();
    const subject = nameSubject(id);
    const stale = await call("admin", "PUT", `/api/exercise-templates/${id}/clear/`, { version: 3 });
    expect(stale.statusCode, stale.body).toBe(412);
    expect(await subject.stored()).toMatchObject({ version: 1 });
    expect(await subject.lastAudit()).toMatchObject({ outcome: "failure", reason: "stale_version" });
    const cleared = await call("admin", "PUT", `/api/exercise-templates/${id}/clear/`, undefined, { "if-match": '"1"' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.headers.etag).toBe('"2"');
    expect((await call("admin", "PUT", `/api/exercise-templates/${id}/clear/`)).json()).toMatchObject({ version: 3 });
    // A copy is a new record: version 1, whatever the original's.
    const copy = await call("admin", "POST", `/api/exercise-templates/${id}/duplicate/`, {});
    expect(copy.json()).toMatchObject({ version: 1 });
  });
});
