import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, API_KEY_HEADER, createTestApp } from "../../test-app.test-helper.ts";

// The mobile calls are in the generated API reference (docs/api.md) with their bodies, answers and errors.

type Operation = { summary: string; security: unknown[]; requestBody?: unknown; responses: Record<string, unknown>; "x-permission"?: unknown };

describe("the mobile calls in the OpenAPI document", () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    paths = (await t.app.inject({ url: "/api/openapi.json", headers: API_KEY_HEADER })).json<{ paths: typeof paths }>().paths;
  }, 120_000);
  afterAll(() => t?.close());

  it("documents the upload: its body, the 201 answer, the errors and both headers", () => {
    const upload = paths["/api/mobile/game-sessions/"]?.["post"];
    expect(upload?.summary).toContain("Authorization: Device <token>");
    expect(upload?.security).toEqual([{ apiKey: [] }]);
    expect(upload?.requestBody).toBeDefined();
    expect(Object.keys(upload?.responses ?? {})).toEqual(expect.arrayContaining(["201", "400", "401", "404", "409", "413"]));
  });

  it("documents the device calls with the patient-update permission", () => {
    const devices = paths["/api/patients/{id}/devices/"];
    expect(Object.keys(devices ?? {}).sort()).toEqual(["get", "post"]);
    expect(devices?.["post"]?.["x-permission"]).toEqual({ resource: "patient", action: "partial_update" });
    expect(Object.keys(devices?.["post"]?.responses ?? {})).toEqual(expect.arrayContaining(["201", "404", "409"]));
    expect(Object.keys(paths["/api/patients/{id}/devices/{device_id}/"]?.["delete"]?.responses ?? {})).toEqual(expect.arrayContaining(["204", "404"]));
  });
});
