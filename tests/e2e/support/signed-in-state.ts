import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { DEV_API_KEY, markOutbox, waitForCode } from "./outbox.ts";
import { DEMO_PASSWORD, type DemoAccount, expectDashboard, SESSION_STORAGE_KEY } from "./sign-in.ts";
import type { OwnInstitution } from "./shell.ts";

/** What the portal keeps in sessionStorage for a signed-in tab (docs/adapters.md). */
export type StoredSession = { readonly refresh_token: string; readonly user_id: number };

const post = async <T>(request: APIRequestContext, path: string, headers: Record<string, string>, data?: unknown): Promise<T> => {
  const response = await request.post(path, { headers: { "x-api-key": DEV_API_KEY, ...headers }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `POST ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
};

/**
 * A fresh signed-in session of an account whose second factor includes e-mail, made through the
 * API the sign-in page uses (password, an e-mailed code, verify) without a browser: a second or
 * so instead of the sign-in screens. A new one per flow: refresh tokens rotate, and presenting a
 * used one ends the session, so one saved state cannot serve two flows.
 */
export async function signInByApi(request: APIRequestContext, account: DemoAccount, password: string = DEMO_PASSWORD): Promise<StoredSession> {
  const mark = await markOutbox(request, account.email);
  const basic = Buffer.from(`${account.email}:${password}`).toString("base64");
  const login = await post<{ token: string; user: { change_password: boolean } }>(request, "/api/authentication/login_web/", { authorization: `Basic ${basic}` });
  if (login.user.change_password) throw new Error(`${account.email} must change its password first: sign it in through the page`);
  const preAuth = { authorization: `Token ${login.token}` };
  await post(request, "/api/authentication/totp/re_send/", preAuth, { mfa_option: "email" });
  const code = await waitForCode(request, mark);
  const verified = await post<{ refresh_token: string; user: { id: number } }>(request, "/api/authentication/totp/verify/", preAuth, {
    mfa_option: "email",
    otp_code: code,
  });
  return { refresh_token: verified.refresh_token, user_id: verified.user.id };
}

// A same-origin address the page opens only to write sessionStorage: answered here, never sent.
const BLANK_PATH = "/e2e-signed-in-state";

// The refresh that restores the session: its answer carries the user's own record (issue 35),
// the portal's source for the sidebar, so a restored tab asks no GET users/{id}/ of its own.
const isRefreshResponse = (url: string, method: string): boolean => method === "POST" && new URL(url).pathname === "/api/authentication/refresh/";

/**
 * Starts a flow already signed in: the tab holds a fresh session in sessionStorage, as after a
 * sign-in, and opens /dashboard, which restores it with the refresh token exactly as a reload
 * does. Answers the institution on the user record the portal received. For flows about
 * something else; the sign-in screens have flows of their own (sign-in-email-code.spec.ts and
 * the others that call signInWithEmailCode or signInByEmailCode).
 */
export async function openSignedIn(page: Page, account: DemoAccount): Promise<OwnInstitution> {
  const session = await signInByApi(page.request, account);
  await page.route(BLANK_PATH, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>e2e</title>" }));
  await page.goto(BLANK_PATH);
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [SESSION_STORAGE_KEY, JSON.stringify(session)] as const);
  await page.unroute(BLANK_PATH);

  const ownRecord = page.waitForResponse((response) => isRefreshResponse(response.url(), response.request().method()) && response.ok());
  // Awaited below; a start that fails first must not leave an unhandled rejection behind.
  ownRecord.catch(() => undefined);
  await page.goto("/dashboard");
  await expectDashboard(page, account);
  const refreshed = (await (await ownRecord).json()) as { user: { institution: OwnInstitution } };
  return refreshed.user.institution;
}
