import { and, desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { patients } from "../../db/schema/patients.ts";
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

// Issue 19: an SLP and an administrator editing the same patient no longer overwrite each other
// silently (docs/patients-api.md, "Versions").
const SETUP_TIMEOUT = 180_000;

describe.each(TEST_DRIVERS)("patient versions on %s", (driver) => {
  let world: PatientsWorld;
  let emails = 0;

  beforeAll(async () => {
    world = await patientsWorld(driver, "versions");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  type Who = keyof PatientsWorld["headers"];
  const call = (who: Who, method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers[who], ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const create = async (): Promise<{ id: number; version: number; etag: unknown }> => {
    emails += 1;
    const response = await call("admin", "POST", "/api/patients/", {
      first_name: "Margaret",
      last_name: "Holloway",
      email: `versioned.${emails}@home.test`,
      birthdate: "1948-07-14",
      gender: "female",
      staff: world.slpStaffId,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { ...(response.json() as { id: number; version: number }), etag: response.headers.etag };
  };
  const ifMatch = (version: VersionNamed): Record<string, string> => (version.ifMatch === undefined ? {} : { "if-match": version.ifMatch });
  const withBody = (body: Record<string, unknown>, version: VersionNamed) => (version.body === undefined ? body : { ...body, version: version.body });
  const stored = (id: number) => async () => {
    const [row] = await world.t.database.db.select({ version: patients.version, firstName: patients.firstName, status: patients.status }).from(patients).where(eq(patients.id, id));
    if (row === undefined) throw new Error("no patient");
    return row;
  };
  const lastAudit = (id: number) => async () => {
    const [row] = await world.t.database.db
      .select({ outcome: auditEvents.outcome, reason: auditEvents.reason })
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, "patient"), eq(auditEvents.resourceId, String(id))))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    return row;
  };
  /** PATCH patients/{id}/ of the first name, by the administrator and the SLP in turn. */
  const firstNameSubject = (id: number): VersionedSubject<string> => {
    let turn = 0;
    return {
      write: (value, version) => {
        turn += 1;
        return call(turn % 2 === 0 ? "slp" : "admin", "PATCH", `/api/patients/${id}/`, withBody({ first_name: value }, version), ifMatch(version));
      },
      stored: async () => {
        const row = await stored(id)();
        return { version: row.version, value: row.firstName };
      },
      lastAudit: lastAudit(id),
      values: ["Alma", "Bette", "Cora", "Dina", "Edna", "Flora", "Greta", "Hilda"],
    };
  };

  it("starts every patient at version 1 and reads it back in the body, the ETag and the list row", async () => {
    const created = await create();
    expect(created).toMatchObject({ version: 1, etag: '"1"' });
    const read = await call("admin", "GET", `/api/patients/${created.id}/`);
    expect(read.headers.etag).toBe('"1"');
    expect(read.json()).toMatchObject({ version: 1 });
    const list = (await call("admin", "GET", "/api/patients/?page_size=100")).json() as { results: { id: number; version: number }[] };
    expect(list.results.find((row) => row.id === created.id)?.version).toBe(1);
  });

  it("refuses a stale PATCH (412 ERROR_056 on version) and changes nothing", async () => {
    const { id } = await create();
    await call("admin", "PATCH", `/api/patients/${id}/`, { last_name: "Moved" });
    await expectStaleRefused(firstNameSubject(id));
  });

  it("writes with the current version, answering the next one in the body and the ETag", async () => {
    await expectCurrentWrites(firstNameSubject((await create()).id));
  });

  it("lets exactly one of two PATCHes from the same version win", async () => {
    const { id } = await create();
    const subject = firstNameSubject(id);
    for (let round = 0; round < 3; round += 1) await expectOneRacerWins(subject);
  });

  it("keeps writing without a version (last writer wins), moving the version", async () => {
    await expectUnversionedWrites(firstNameSubject((await create()).id));
  });

  it("refuses a malformed If-Match and a header and body that disagree (400 ERROR_056 on version)", async () => {
    await expectUnreadableRefused(firstNameSubject((await create()).id));
  });

  it("versions the status actions: activate and inactivate take If-Match or a version body, a stale one is 412, delete too", async () => {
    const { id } = await create();
    const before = await stored(id)();
    const stale = await call("admin", "PUT", `/api/patients/${id}/activate/`, undefined, { "if-match": '"9"' });
    expect(stale.statusCode, stale.body).toBe(412);
    expect(await stored(id)()).toEqual(before);
    expect(await lastAudit(id)()).toMatchObject({ outcome: "failure", reason: "stale_version" });
    const activated = await call("admin", "PUT", `/api/patients/${id}/activate/`, undefined, { "if-match": '"1"' });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.headers.etag).toBe('"2"');
    expect(await stored(id)()).toEqual({ version: 2, firstName: "Margaret", status: "active" });
    expect((await call("admin", "PUT", `/api/patients/${id}/inactivate/`, { version: 1 })).statusCode).toBe(412);
    const inactivated = await call("admin", "PUT", `/api/patients/${id}/inactivate/`, { version: 2 });
    expect(inactivated.json()).toMatchObject({ status: "inactive", version: 3 });
    expect((await call("admin", "PUT", `/api/patients/${id}/activate/`)).json()).toMatchObject({ status: "active", version: 4 });
    expect((await call("admin", "PUT", `/api/patients/${id}/inactivate/`, { other: 1 })).statusCode).toBe(400);
    // An active patient cannot be deleted, whatever the version (ERROR_050).
    expect((await call("admin", "DELETE", `/api/patients/${id}/`, undefined, { "if-match": '"4"' })).statusCode).toBe(400);
    const inactive = await call("admin", "PUT", `/api/patients/${id}/inactivate/`);
    expect(inactive.json()).toMatchObject({ version: 5 });
    expect((await call("admin", "DELETE", `/api/patients/${id}/`, undefined, { "if-match": '"4"' })).statusCode).toBe(412);
    expect((await call("admin", "DELETE", `/api/patients/${id}/`, undefined, { "if-match": '"5"' })).statusCode).toBe(204);
    expect((await call("admin", "GET", `/api/patients/${id}/`)).statusCode).toBe(404);
  });
});
