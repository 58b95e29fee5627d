import { createHmac } from "node:crypto";
import { SignJWT } from "jose";
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

  it("judge a token that verified before as strictly as a new one: its scope, its key and its expiry on every call", async () => {
    const clock = manualClock(new Date("2026-03-01T12:00:00Z"));
    const access = await signToken(keys, clock, { userId: 4, sessionId: SESSION, scope: "access" });
    const first = await verifyToken(keys, clock, access, "access");
    expect(first).toEqual({ userId: 4, sessionId: SESSION, scope: "access" });
    expect(await verifyToken(keys, clock, access, "access")).toEqual(first);
    expect(await verifyToken(keys, clock, access, "pre_auth")).toBeUndefined();
    expect(await verifyToken(deriveAuthKeys("other-secret"), clock, access, "access")).toBeUndefined();
    // One character of the signature changed is another token, checked in full.
    const tampered = `${access.slice(0, -2)}${access.endsWith("AA") ? "BB" : "AA"}`;
    expect(await verifyToken(keys, clock, tampered, "access")).toBeUndefined();
    clock.advance(10 * 60_000);
    expect(await verifyToken(keys, clock, access, "access")).toBeUndefined();
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

  // verifyToken checks HS256 with node:crypto itself (issue 22): it must refuse all that jose refused.
  const clock = () => manualClock(new Date("2026-03-01T12:00:00Z"));
  const nowSeconds = Math.floor(new Date("2026-03-01T12:00:00Z").getTime() / 1000);
  const goodClaims = { sid: SESSION, scope: "access", iss: "speech-therapy-care-portal", aud: "portal-api", sub: "4", iat: nowSeconds, exp: nowSeconds + 600 };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  /** A token of any header and claims, signed with the server's key as HS256 would be. */
  const handSigned = (header: Record<string, unknown>, claims: Record<string, unknown>, key: Uint8Array = keys.jwt) => {
    const input = `${encode(header)}.${encode(claims)}`;
    return `${input}.${createHmac("sha256", key).update(input).digest("base64url")}`;
  };

  it("accept a token signed by hand exactly as jose signs it, so the check is no stricter than the signer", async () => {
    expect(await verifyToken(keys, clock(), handSigned({ alg: "HS256", typ: "JWT" }, goodClaims), "access")).toEqual({ userId: 4, sessionId: SESSION, scope: "access" });
    expect(await verifyToken(keys, clock(), handSigned({ alg: "HS256" }, { ...goodClaims, aud: ["other", "portal-api"] }), "access")).toBeDefined();
  });

  it("refuse a tampered signature: one flipped bit, a truncated or a padded one, another key", async () => {
    const access = await signToken(keys, clock(), { userId: 4, sessionId: SESSION, scope: "access" });
    const [header, payload, signature = ""] = access.split(".");
    const bytes = Buffer.from(signature, "base64url");
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    for (const tampered of [bytes.toString("base64url"), signature.slice(0, -2), `${signature}AA`, `${signature}=`, ""]) {
      expect(await verifyToken(keys, clock(), `${header}.${payload}.${tampered}`, "access")).toBeUndefined();
    }
    expect(await verifyToken(keys, clock(), handSigned({ alg: "HS256", typ: "JWT" }, goodClaims, new Uint8Array(32)), "access")).toBeUndefined();
  });

  it("refuse alg none (signed or not), another algorithm, critical extensions and an unencoded payload", async () => {
    for (const header of [{ alg: "none" }, { alg: "HS512", typ: "JWT" }, { alg: "hs256" }, { typ: "JWT" }, { alg: "HS256", typ: "JOSE+JSON" }, { alg: "HS256", crit: ["exp"] }, { alg: "HS256", b64: false }]) {
      expect(await verifyToken(keys, clock(), handSigned(header, goodClaims), "access"), JSON.stringify(header)).toBeUndefined();
    }
    expect(await verifyToken(keys, clock(), `${encode({ alg: "none" })}.${encode(goodClaims)}.`, "access")).toBeUndefined();
  });

  it("refuse expired, not yet valid, and tokens missing or misstating a claim", async () => {
    const refused: Array<Record<string, unknown>> = [
      { ...goodClaims, exp: nowSeconds },
      { ...goodClaims, exp: nowSeconds - 1 },
      { ...goodClaims, exp: String(nowSeconds + 600) },
      { ...goodClaims, exp: undefined },
      { ...goodClaims, iat: undefined },
      { ...goodClaims, sub: undefined },
      { ...goodClaims, sub: 4 },
      { ...goodClaims, sub: "4.5" },
      { ...goodClaims, sub: "0" },
      { ...goodClaims, nbf: nowSeconds + 1 },
      { ...goodClaims, nbf: "0" },
      { ...goodClaims, iss: "someone-else" },
      { ...goodClaims, aud: "another-api" },
      { ...goodClaims, aud: ["another-api"] },
      { ...goodClaims, sid: "not-a-uuid" },
      { ...goodClaims, scope: "pre_auth" },
    ];
    for (const claims of refused) expect(await verifyToken(keys, clock(), handSigned({ alg: "HS256", typ: "JWT" }, claims), "access"), JSON.stringify(claims)).toBeUndefined();
    expect(await verifyToken(keys, clock(), handSigned({ alg: "HS256", typ: "JWT" }, { ...goodClaims, nbf: nowSeconds }), "access")).toBeDefined();
    for (const notAnObject of [[goodClaims], "claims", 42, null]) {
      expect(await verifyToken(keys, clock(), handSigned({ alg: "HS256" }, notAnObject as never), "access")).toBeUndefined();
    }
  });

  it("accept what jose signs with other claim orders too (the check reads the claims, not their layout)", async () => {
    const token = await new SignJWT({ scope: "access", sid: SESSION })
      .setProtectedHeader({ typ: "JWT", alg: "HS256" })
      .setSubject("4")
      .setAudience(["portal-api"])
      .setIssuer("speech-therapy-care-portal")
      .setExpirationTime(nowSeconds + 60)
      .setIssuedAt(nowSeconds)
      .sign(keys.jwt);
    expect(await verifyToken(keys, clock(), token, "access")).toEqual({ userId: 4, sessionId: SESSION, scope: "access" });
  });
});
