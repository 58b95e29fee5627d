import { catalogueMessage, codeForResponse, type ErrorCode } from "../../domain/shared/error-catalogue.ts";
import type { Result } from "../../domain/shared/result.ts";

/** An expected failure of an auth call or a local check: a catalogue code, the message to show, and the HTTP status when a server answered. */
export type AuthFailure = {
  readonly code: ErrorCode;
  readonly message: string;
  readonly status?: number;
};

/** HTTP 401 while pre-authenticated means the pre-auth token is gone: the flow starts over. */
export const UNAUTHORIZED_STATUS = 401;
const TOO_MANY_REQUESTS_STATUS = 429;

const unknownFailure = (status: number | undefined): AuthFailure => {
  const failure: AuthFailure = { code: "ERROR_001", message: catalogueMessage("ERROR_001") };
  return status === undefined ? failure : { ...failure, status };
};

/**
 * Whatever an auth actor rejected with, as a catalogue failure: 429 always reads ERROR_012,
 * unknown codes ERROR_001, and the status survives so a 401 is recognised even without a code.
 */
export const toAuthFailure = (error: unknown): AuthFailure => {
  if (typeof error !== "object" || error === null) return unknownFailure(undefined);
  const status = "status" in error && typeof error.status === "number" ? error.status : undefined;
  const rawCode = "code" in error ? error.code : undefined;
  const code = codeForResponse(status ?? 0, rawCode);
  const rawMessage = "message" in error && typeof error.message === "string" ? error.message : "";
  // The adapter's message belongs to the code it came with; a remapped code (429, unknown) shows
  // its own catalogue text instead.
  const keepsMessage = code === rawCode && status !== TOO_MANY_REQUESTS_STATUS && rawMessage.length > 0;
  const message = keepsMessage ? rawMessage : catalogueMessage(code);
  return status === undefined ? { code, message } : { code, message, status };
};

/** A failed local check (OTP, password, phone) as the failure the form shows; a passing check has nothing to show but never reaches here. */
export const failureOf = (result: Result<unknown>): AuthFailure =>
  result.ok ? unknownFailure(undefined) : { code: result.code, message: result.message };

/** Whether a failure means the server no longer accepts the pre-auth token. */
export const isUnauthorizedFailure = (failure: AuthFailure): boolean => failure.status === UNAUTHORIZED_STATUS;
