import type { LightMyRequestResponse } from "fastify";
import type { TestApp } from "../../test-app.test-helper.ts";
import { newestMessage, withBearer } from "../../auth/auth.test-helper.ts";

export const ME = "/api/users/me";

export const patchMe = (t: TestApp, access: string, payload: unknown): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: "PATCH", url: `${ME}/`, headers: withBearer(access), payload: payload as object });

export const postMe = (t: TestApp, access: string, path: string, payload: unknown): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: "POST", url: `${ME}/${path}`, headers: withBearer(access), payload: payload as object });

export const putMe = (t: TestApp, access: string, path: string, payload: unknown): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: "PUT", url: `${ME}/${path}`, headers: withBearer(access), payload: payload as object });

/** The code in the newest account-settings message to an address or phone ("Your verification code is 123456"). */
export const newestVerificationCode = async (t: TestApp, to: string): Promise<string> => {
  const body = (await newestMessage(t, to))?.body ?? "";
  const code = /Your verification code is (\d{6})/.exec(body)?.[1];
  if (code === undefined) throw new Error(`no verification code in the newest message to ${to}`);
  return code;
};

/** A six-digit code that differs from the given one, for wrong-code tests. */
export const otherCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
