import type { ErrorCode, Placeholders } from "./error-catalogue.ts";

/**
 * Expected failures are values, not thrown strings: a validator or rule returns either the
 * valid value or a catalogued failure the UI can show and the server can answer with.
 */
export type Failure = {
  readonly ok: false;
  readonly code: ErrorCode;
  /** The exact message to show; for codes with a literal spec message this is that message. */
  readonly message: string;
  /** Which input the failure belongs to, when it belongs to one (form field name). */
  readonly field?: string;
  readonly placeholders?: Placeholders;
};
export type Success<A> = { readonly ok: true; readonly value: A };
export type Result<A> = Success<A> | Failure;

export const succeed = <A>(value: A): Success<A> => ({ ok: true, value });
export const fail = (
  code: ErrorCode,
  message: string,
  extra: { field?: string; placeholders?: Placeholders } = {},
): Failure => ({ ok: false, code, message, ...extra });
