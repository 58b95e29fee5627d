import { describe, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import { signToken, verifyToken } from "./access-tokens.ts";
import { deriveAuthKeys } from "./auth-keys.ts";

const keys = deriveAuthKeys("test-secret");
const SESSION = "6f1c2a4e-8b3d-4f5a-9c7e-1d2b3a4c5e6f";

describe("access and pre-authentication tokens", () => {
  it("carry the user, the session and the scope, and expire by the app's clock", async () => {
    const clock = manualClock(new Date("2026-03-01T12:00:00Z"));
    const access = await signToken(keys, clock, { userId: 4, sessionId: SESSION, scope: "access" });
    expect(await verifyToken(keys, clock, access, "access")).toEqual({ userId: 4, sessionId: SESSION, scope: "access" });
    clock.advance(10 * 60_000 - 1000);
    expect(await verifyToken(keys, clock, access, "access")).toBeDefined();
    clock.advance(1000);
    expect(await verifyToken(keys, clock, access, "access")).toBeUndefined();
  });

  it("keep the scopes apart: a pre-authentication token is no access token and the other way round", async () => {
    const clock = manualClock(new Date("2026-03-01T12:00:00Z"));
    const preAuth = await signToken(keys, clock, { userId: 4, sessionId: SESSION, scope: "pre_auth" });
    const access = await signToken(keys, clock, { userId: 4, sessionId: SESSION, scope: "access" });
    expect(await verifyToken(keys, clock, preAuth, "access")).toBeUndefined();
    expect(await verifyToken(keys, clock, access, "pre_auth")).toBeUndefined();
    clock.advance(15 * 60_000 - 1000);
    expect(await verifyToken(keys, clock, preAuth, "pre_auth")).toBeDefined();
    clock.advance(1000);
    expect(await verifyToken(keys, clock, preAuth, "pre_auth")).toBeUndefined();
  });

  it("refuse another key, a changed payload, alg none and garbage", async () => {
    const clock = manualClock(new Date("2026-03-01T12:00:00Z"));
    const access = await signToken(keys, clock, { userId: 4, sessionId: SESSION, scope: "access" });
    expect(await verifyToken(deriveAuthKeys("other-secret"), clock, access, "access")).toBeUndefined();
    const [header, payload, signature] = access.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "1" })).toString("base64url");
    expect(await verifyToken(keys, clock, `${header}.${forged}.${signature}`, "access")).toBeUndefined();
    const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    expect(await verifyToken(keys, clock, `${none}.${payload}.`, "access")).toBeUndefined();
    for (const junk of ["", "a.b.c", "not a token", "ey.ey.ey"]) expect(await verifyToken(keys, clock, junk, "access")).toBeUndefined();
  });
});
