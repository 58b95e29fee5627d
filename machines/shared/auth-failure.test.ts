import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../domain/shared/error-catalogue.ts";
import { validateOtp } from "../../domain/shared/validators/otp.ts";
import { failureOf, isUnauthorizedFailure, toAuthFailure } from "./auth-failure.ts";

describe("toAuthFailure", () => {
  it("keeps a catalogue failure as the adapter built it", () => {
    expect(toAuthFailure({ code: "ERROR_005", message: "The username or password is incorrect", status: 400 })).toEqual({
      code: "ERROR_005",
      message: "The username or password is incorrect",
      status: 400,
    });
  });

  it("reads 429 as ERROR_012 with its catalogue message", () => {
    expect(toAuthFailure({ code: "ERROR_019", message: "slow down", status: 429 })).toEqual({
      code: "ERROR_012",
      message: "The maximum number of attempts has been reached",
      status: 429,
    });
  });

  it("reads thrown errors, strings and unknown codes as ERROR_001, keeping a 401 recognisable", () => {
    expect(toAuthFailure(new Error("boom"))).toEqual({ code: "ERROR_001", message: "An error occurred" });
    expect(toAuthFailure("boom")).toEqual({ code: "ERROR_001", message: "An error occurred" });
    expect(toAuthFailure(undefined)).toEqual({ code: "ERROR_001", message: "An error occurred" });
    const expired = toAuthFailure({ code: "token_not_valid", message: "Token expired", status: 401 });
    expect(expired).toEqual({ code: "ERROR_001", message: "An error occurred", status: 401 });
    expect(isUnauthorizedFailure(expired)).toBe(true);
  });

  test.prop([fc.anything()])("always yields a catalogue code and a non-empty message", (error) => {
    const failure = toAuthFailure(error);
    expect(ERROR_CODES).toContain(failure.code);
    expect(failure.message.length).toBeGreaterThan(0);
  });
});

describe("failureOf", () => {
  it("turns a failed local check into the failure the form shows", () => {
    expect(failureOf(validateOtp("12"))).toEqual({ code: "ERROR_019", message: "The OTP code is invalid" });
  });
});
