import { fc, test } from "@fast-check/vitest";
import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { basicCredentials, credentialFor } from "./authorization-header.ts";

const request = (authorization: string | undefined) => ({ headers: { authorization } }) as unknown as FastifyRequest;
const basic = (text: string) => `Basic ${Buffer.from(text, "utf8").toString("base64")}`;

describe("the Authorization header", () => {
  it("reads email and password, splitting at the first colon and keeping the password as typed", () => {
    expect(basicCredentials(request(basic("ana@clinic.test:pa:ss word ü")))).toEqual({ email: "ana@clinic.test", password: "pa:ss word ü" });
    expect(basicCredentials(request(basic("ana@clinic.test:")))).toEqual({ email: "ana@clinic.test", password: "" });
  });

  it("refuses what is not Basic email:password", () => {
    for (const header of [undefined, "", "Basic", "Basic !!!", basic("no-colon"), basic(":password"), "Bearer abc", "Basic YQ"]) {
      expect(basicCredentials(request(header))).toBeUndefined();
    }
    expect(basicCredentials(request(`Basic ${Buffer.from([0x61, 0x3a, 0xff]).toString("base64")}`))).toBeUndefined();
  });

  it("matches the scheme without regard to case and refuses the others", () => {
    expect(credentialFor(request("token abc.def"), "Token")).toBe("abc.def");
    expect(credentialFor(request("Bearer abc"), "Token")).toBeUndefined();
    expect(credentialFor(request("Bearer a b"), "Bearer")).toBeUndefined();
  });

  test.prop([fc.string({ maxLength: 300 })])("never throws on any header", (header) => {
    expect(() => basicCredentials(request(header))).not.toThrow();
    expect(() => credentialFor(request(header), "Bearer")).not.toThrow();
  });
});
