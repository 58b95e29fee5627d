// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DeviceId } from "../../domain/mobile/index.ts";
import { PatientId, UserId } from "../../domain/shared/ids.ts";
import { startHarness, type Harness } from "../shared/fixtures.test-helper.ts";
import { errorBody } from "../shared/test-server.test-helper.ts";
import { devicesApiOf } from "./devices-api.ts";

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
  harness.adapters.credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
});
afterEach(async () => {
  await harness.close();
});

const device = { id: 3, label: "Margaret's tablet", created_at: "2026-03-01T10:00:00.000Z", last_used_at: null, revoked_at: null };
const token = "A".repeat(42) + "_";

describe("device calls", () => {
  it("list a patient's devices with the Bearer token and decode them", async () => {
    harness.server.script(() => ({ status: 200, json: [device, { ...device, id: 2, revoked_at: "2026-03-02T10:00:00.000Z" }] }));
    const devices = await devicesApiOf(harness.adapters.client).listDevices(PatientId.make(7));
    expect(harness.server.requests.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([["GET", "/api/patients/7/devices/", "Bearer acc-1"]]);
    expect(devices.map((d) => [d.id, d.revoked_at])).toEqual([
      [3, null],
      [2, "2026-03-02T10:00:00.000Z"],
    ]);
  });

  it("issue a device with its label in the body and hand back the token once answered", async () => {
    harness.server.script(() => ({ status: 201, json: { ...device, token } }));
    const issued = await devicesApiOf(harness.adapters.client).issueDevice(PatientId.make(7), { label: "Margaret's tablet" });
    const [request] = harness.server.requests;
    expect([request?.method, request?.url]).toEqual(["POST", "/api/patients/7/devices/"]);
    expect(request?.body).toEqual({ label: "Margaret's tablet" });
    expect(issued.token).toBe(token);
  });

  it("revoke one device of one patient and resolve nothing on 204", async () => {
    harness.server.script(() => ({ status: 204 }));
    await expect(devicesApiOf(harness.adapters.client).revokeDevice(PatientId.make(7), DeviceId.make(3))).resolves.toBeUndefined();
    expect(harness.server.requests.map((r) => [r.method, r.url])).toEqual([["DELETE", "/api/patients/7/devices/3/"]]);
  });

  it("reject with the catalogue failure the server answered", async () => {
    harness.server.script(() => ({ status: 404, json: errorBody("ERROR_001", "Not found") }));
    await expect(devicesApiOf(harness.adapters.client).revokeDevice(PatientId.make(7), DeviceId.make(3))).rejects.toMatchObject({ code: "ERROR_001", status: 404 });
  });

  it("refuse an issued answer without a well-formed token rather than show it", async () => {
    harness.server.script(() => ({ status: 201, json: { ...device, token: "short" } }));
    const original = console.error;
    console.error = () => {};
    try {
      await expect(devicesApiOf(harness.adapters.client).issueDevice(PatientId.make(7), { label: "Tab" })).rejects.toMatchObject({ code: "ERROR_001" });
    } finally {
      console.error = original;
    }
  });
});
