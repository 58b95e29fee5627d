import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../error-catalogue.ts";
import { fail } from "../result.ts";
import { decodeLenient, decodeStrict } from "./decode.ts";
import { ErrorBody, failureFromResponse, toErrorBody } from "./error-body.ts";
import { roundTrip } from "./wire-arbitraries.test-helper.ts";

const errorBodyArb = fc.record({
  code: fc.oneof(fc.constantFrom(...ERROR_CODES), fc.string()),
  message: fc.string(),
  detail: fc.option(fc.record({ field: fc.string() }, { requiredKeys: [] }), { nil: null }),
  id: fc.string(),
});

describe("error body", () => {
  it("decodes the body of spec section 8", () => {
    const body = { code: "ERROR_019", message: "The OTP code is invalid", detail: { field: "otp_code" }, id: "req-1" };
    expect(decodeStrict(ErrorBody)(body)).toEqual({ ok: true, value: body });
  });

  it("refuses a body without its request id", () => {
    expect(decodeStrict(ErrorBody)({ code: "ERROR_001", message: "x", detail: null })).toMatchObject({ ok: false, field: "id" });
  });

  it("is built from a failure with the field as detail", () => {
    const failure = fail("ERROR_003", "The email is required", { field: "email" });
    expect(toErrorBody(failure, "req-9")).toEqual({
      code: "ERROR_003",
      message: "The email is required",
      detail: { field: "email" },
      id: "req-9",
    });
    expect(toErrorBody(fail("ERROR_005", "The username or password is incorrect"), "r").detail).toBeNull();
  });

  test.prop([errorBodyArb])("round-trips", (body) => {
    const trip = roundTrip(ErrorBody, body);
    expect(trip.decoded).toEqual({ ok: true, value: body });
    expect(trip.decodedAgain).toEqual(trip.decoded);
  });
});

describe("what the client shows for a failed call", () => {
  it("cleans the server's message and keeps the field", () => {
    const body = { code: "ERROR_031", message: "**THE EMAIL ALREADY EXISTS**", detail: { field: "email" }, id: "r" };
    expect(failureFromResponse(400, body)).toEqual({
      ok: false,
      code: "ERROR_031",
      message: "The email already exists",
      field: "email",
    });
  });

  it("reads HTTP 429 as ERROR_012 whatever the body says", () => {
    const body = { code: "ERROR_005", message: "nope", detail: null, id: "r" };
    expect(failureFromResponse(429, body)).toEqual({
      ok: false,
      code: "ERROR_012",
      message: "The maximum number of attempts has been reached",
    });
  });

  it("reads an unknown code as ERROR_001 with the catalogue message", () => {
    const body = { code: "ERROR_999", message: "Something new", detail: null, id: "r" };
    expect(failureFromResponse(400, body)).toEqual({ ok: false, code: "ERROR_001", message: "An error occurred" });
  });

  it("reads a body that is not an error body (a proxy's HTML page) as ERROR_001", () => {
    expect(failureFromResponse(502, "<html>Bad gateway</html>")).toEqual({
      ok: false,
      code: "ERROR_001",
      message: "An error occurred",
    });
  });

  it("falls back to the catalogue message when the server sent none", () => {
    const body = { code: "ERROR_019", message: "  ", detail: null, id: "r" };
    expect(failureFromResponse(400, body)).toMatchObject({ message: "The OTP code is invalid" });
  });

  test.prop([fc.integer({ min: 400, max: 599 }), fc.anything()])("always yields a catalogued failure, never throws", (status, body) => {
    const failure = failureFromResponse(status, body);
    expect(failure.ok).toBe(false);
    expect(ERROR_CODES).toContain(failure.code);
    expect(failure.message.length).toBeGreaterThan(0);
  });

  test.prop([fc.anything()])("lenient decoding never throws", (body) => {
    expect(() => decodeLenient(ErrorBody)(body)).not.toThrow();
  });
});
