import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../db/schema/audit.ts";
import { patientDevices } from "../../db/schema/devices.ts";
import { patients } from "../../db/schema/patients.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type MobileWorld, mobileWorld, sessionBody } from "./mobile-world.test-helper.ts";

// Device tokens from the patient's record (docs/mobile-api.md, "Devices"): who may edit the
// patient issues, lists and revokes them; the token is answered once and kept only as its hash;
// another SLP's or institution's patient does not exist for the caller.
const SETUP_TIMEOUT = 180_000;

type Who = keyof MobileWorld["headers"];
type DeviceJson = { id: number; label: string; created_at: string; last_used_at: string | null; revoked_at: string | null; token?: string };

describe.each(TEST_DRIVERS)("device tokens on %s", (driver) => {
  let world: MobileWorld;
  beforeAll(async () => {
    world = await mobileWorld(driver, "devices");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const call = (who: Who, method: "GET" | "POST" | "DELETE", url: string, body?: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({ method, url, headers: world.headers[who], ...(body === undefined ? {} : { payload: body as object }) });
  const devicesUrl = (patientId: number) => `/api/patients/${patientId}/devices/`;
  const auditOf = (requestId: string) => world.db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId));

  it.each<Who>(["slp", "admin", "staffAdmin"])("lets %s issue, list and revoke a device of the SLP's patient", async (who) => {
    const issued = await call(who, "POST", devicesUrl(world.patientId), { label: `  ${who}'s tablet ` });
    expect(issued.statusCode).toBe(201);
    expect(issued.headers["cache-control"]).toBe("no-store");
    const device = issued.json() as DeviceJson;
    expect(device).toMatchObject({ label: `${who}'s tablet`, last_used_at: null, revoked_at: null, created_at: "2026-03-01T12:00:00.000Z" });
    expect(device.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const listed = await call(who, "GET", devicesUrl(world.patientId));
    expect(listed.statusCode).toBe(200);
    const list = listed.json() as DeviceJson[];
    const { token: _token, ...shown } = device;
    expect(list).toContainEqual(shown);
    expect(listed.body).not.toContain(device.token);

    const revoked = await call(who, "DELETE", `${devicesUrl(world.patientId)}${device.id}/`);
    expect(revoked.statusCode).toBe(204);
    const after = (await call(who, "GET", devicesUrl(world.patientId))).json() as DeviceJson[];
    expect(after.find((row) => row.id === device.id)?.revoked_at).toBe("2026-03-01T12:00:00.000Z");

  });

  it("answers the token once and keeps only its SHA-256: no column holds the token", async () => {
    const issued = (await call("slp", "POST", devicesUrl(world.patientId), { label: "Kitchen phone" })).json() as DeviceJson;
    const token = issued.token ?? "";
    const [row] = await world.db.select().from(patientDevices).where(eq(patientDevices.id, issued.id));
    expect(row?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    const dump = await world.db.execute(sql`select row_to_json(d)::text as row from patient_devices d`);
    const rows = (dump as unknown as { rows: Array<{ row: string }> }).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const stored of rows) expect(stored.row).not.toContain(token);
  });

  it("refuses the SLP of another caseload and another institution with 404, the platform administrator with 403", async () => {
    const cases: Array<[Who, number, number]> = [
      ["otherSlp", world.patientId, 404],
      ["slp", world.otherSlpPatientId, 404],
      ["otherAdmin", world.patientId, 404],
      ["admin", world.foreignPatientId, 404],
      ["superAdmin", world.patientId, 403],
    ];
    const { id } = await world.pair(world.patientId);
    for (const [who, patientId, status] of cases) {
      for (const [method, url, body] of [
        ["POST", devicesUrl(patientId), { label: "Not yours" }],
        ["GET", devicesUrl(patientId), undefined],
        ["DELETE", `${devicesUrl(patientId)}${id}/`, undefined],
      ] as const) {
        const response = await call(who, method, url, body);
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(status);
        expect(response.body).not.toContain("Winifred");
        const rows = await auditOf((response.json() as { id: string }).id);
        expect(rows.map((row) => row.outcome)).toEqual(["denied"]);
      }
    }
    // The device is still there and live.
    const [row] = await world.db.select().from(patientDevices).where(eq(patientDevices.id, id));
    expect(row?.revokedAt).toBeNull();
  });

  it("answers an unknown device, or another patient's, with 404 ERROR_030 on device_id", async () => {
    const { id } = await world.pair(world.siblingPatientId);
    for (const url of [`${devicesUrl(world.patientId)}${id}/`, `${devicesUrl(world.patientId)}2147483647/`]) {
      const response = await call("slp", "DELETE", url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "ERROR_030", message: "The requested device was not found", detail: { field: "device_id" } });
    }
    const [row] = await world.db.select().from(patientDevices).where(eq(patientDevices.id, id));
    expect(row?.revokedAt).toBeNull();
  });

  it("revokes once: revoking again answers 204 and keeps the first time and author", async () => {
    const { id } = await world.pair(world.patientId);
    expect((await call("slp", "DELETE", `${devicesUrl(world.patientId)}${id}/`)).statusCode).toBe(204);
    world.t.clock.advance(1000);
    const again = await call("admin", "DELETE", `${devicesUrl(world.patientId)}${id}/`);
    expect(again.statusCode).toBe(204);
    const [row] = await world.db.select().from(patientDevices).where(eq(patientDevices.id, id));
    expect(row?.revokedAt?.toISOString()).toBe("2026-03-01T12:00:00.000Z");
    expect(row?.revokedByUserId).toBe(world.accounts.slp.id);
    const rows = await world.db.select().from(auditEvents).where(and(eq(auditEvents.action, "delete"), eq(auditEvents.resource, "patient_device"), eq(auditEvents.resourceId, String(id))));
    expect(rows.map((audit) => audit.reason)).toEqual([null, "already_revoked"]);
  });

  it("refuses a label that is missing, blank, too long or holds a control character", async () => {
    const cases: Array<[unknown, string, string]> = [
      [{}, "ERROR_003", "label"],
      [{ label: "   " }, "ERROR_056", "label"],
      [{ label: "x".repeat(101) }, "ERROR_056", "label"],
      [{ label: "Tab\u0007let" }, "ERROR_056", "label"],
      [{ label: "Tablet", token: "mine" }, "ERROR_056", "token"],
    ];
    const before = await world.db.select({ id: patientDevices.id }).from(patientDevices);
    for (const [body, code, field] of cases) {
      const response = await call("slp", "POST", devicesUrl(world.patientId), body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code, detail: { field } });
    }
    expect(await world.db.select({ id: patientDevices.id }).from(patientDevices)).toHaveLength(before.length);
  });

  it("refuses to pair an inactive patient (409 ERROR_050) and pairs a pending one", async () => {
    await world.db.update(patients).set({ status: "inactive" }).where(eq(patients.id, world.siblingPatientId));
    const refused = await call("slp", "POST", devicesUrl(world.siblingPatientId), { label: "Tablet" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "ERROR_050", message: "The action is not allowed for the current status: inactive" });
    await world.db.update(patients).set({ status: "pending" }).where(eq(patients.id, world.siblingPatientId));
    expect((await call("slp", "POST", devicesUrl(world.siblingPatientId), { label: "Tablet" })).statusCode).toBe(201);
    await world.db.update(patients).set({ status: "active" }).where(eq(patients.id, world.siblingPatientId));
  });

  it("audits each issue, list and revocation with the device or patient it reached", async () => {
    const issued = await call("slp", "POST", devicesUrl(world.patientId), { label: "Audited" });
    const { id } = issued.json() as DeviceJson;
    const listed = await call("slp", "GET", devicesUrl(world.patientId));
    const revoked = await call("slp", "DELETE", `${devicesUrl(world.patientId)}${id}/`);
    expect(revoked.statusCode).toBe(204);
    const rows = await world.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, world.accounts.slp.id), inArray(auditEvents.resource, ["patient_device", "patient_devices"])));
    const mine = rows.map((row) => `${row.action} ${row.resource} ${row.resourceId} ${row.outcome}`);
    expect(mine).toContain(`create patient_device ${id} success`);
    expect(mine).toContain(`read patient_devices ${world.patientId} success`);
    expect(mine).toContain(`delete patient_device ${id} success`);
    expect(listed.statusCode).toBe(200);
  });

  it("stops a revoked device's uploads at once (401), and an archived patient's", async () => {
    const levelId = await world.levelOf(world.patientId, "naming");
    const { id, token } = await world.pair(world.patientId);
    expect((await world.upload(token, sessionBody("naming", levelId))).statusCode).toBe(201);
    await call("slp", "DELETE", `${devicesUrl(world.patientId)}${id}/`);
    const refused = await world.upload(token, sessionBody("naming", levelId));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: "ERROR_001" });
  });
});
