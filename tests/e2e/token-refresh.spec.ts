import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { markOutbox, waitForCode } from "./support/outbox.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { SHORT_ACCESS_TOKEN_TTL_SECONDS } from "./support/short-tokens.ts";
import {
  ACCOUNTS,
  enterCode,
  expectCodeEntry,
  expectDashboard,
  SESSION_STORAGE_KEY,
  storageContents,
  submitCredentials,
} from "./support/sign-in.ts";

// Runs only in the `chromium-short-tokens` project: its server's access tokens live 5 seconds.
const account = ACCOUNTS.slp;
const VERIFY_URL = /\/api\/authentication\/totp\/verify\/$/;
const REFRESH_URL = /\/api\/authentication\/refresh\/$/;
const CURRENT_USER_URL = /\/api\/users\/\d+\/$/;

type JwtClaims = { readonly iat: number; readonly exp: number };
const claimsOf = (jwt: string): JwtClaims =>
  JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as JwtClaims;

const storedRefreshToken = async (page: Page): Promise<string | undefined> => {
  const stored = (await storageContents(page)).session[SESSION_STORAGE_KEY];
  return stored === undefined ? undefined : (JSON.parse(stored) as { refresh_token: string }).refresh_token;
};

test("an expired access token is refreshed once, invisibly, and the person stays signed in", async ({ page }) => {
  // The call sent with the expired token is refused on purpose (401), then retried after the refresh.
  const problems = collectPageProblems(page, [{ method: "GET", url: CURRENT_USER_URL, status: 401 }]);
  const refreshRequests: string[] = [];
  const currentUserStatuses: number[] = [];
  const addresses: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && REFRESH_URL.test(request.url())) refreshRequests.push(request.url());
  });
  page.on("response", (response) => {
    if (CURRENT_USER_URL.test(response.url())) currentUserStatuses.push(response.status());
  });

  const mark = await markOutbox(page.request, account.email);
  await submitCredentials(page, account.email);
  await expectCodeEntry(page, "email");
  await expectNoSeriousA11yViolations(page);
  const code = await waitForCode(page.request, mark);

  // The dashboard's first call (the person's own record) is held back until the access token
  // has expired, so it reaches the server with a token that is no longer valid.
  let tokenExpiresAt: Promise<number> | undefined;
  let held = false;
  await page.route(CURRENT_USER_URL, async (route) => {
    if (!held && tokenExpiresAt !== undefined) {
      held = true;
      const expiresAt = await tokenExpiresAt;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now() + 1_000)));
    }
    await route.continue();
  });
  const verified = page.waitForResponse((response) => VERIFY_URL.test(response.url()) && response.ok());
  tokenExpiresAt = verified.then(async (response) => {
    const { access_token: accessToken } = (await response.json()) as { access_token: string };
    const { iat, exp } = claimsOf(accessToken);
    if (exp - iat !== SHORT_ACCESS_TOKEN_TTL_SECONDS) {
      throw new Error(
        `The server did not apply ACCESS_TOKEN_TTL_SECONDS=${SHORT_ACCESS_TOKEN_TTL_SECONDS}: its access token lives ${exp - iat} s`,
      );
    }
    return exp * 1_000;
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) addresses.push(new URL(frame.url()).pathname);
  });

  await enterCode(page, code);
  const expiresAt = await tokenExpiresAt;
  await expect(page).toHaveURL(/\/dashboard$/);
  const firstRefreshToken = await storedRefreshToken(page);

  // Refused once with the expired token, answered after one refresh; nobody was asked to sign in.
  await expect.poll(() => currentUserStatuses, { timeout: (SHORT_ACCESS_TOKEN_TTL_SECONDS + 10) * 1_000 }).toEqual([401, 200]);
  expect(Date.now()).toBeGreaterThan(expiresAt);
  await expectDashboard(page, account);
  expect(refreshRequests).toHaveLength(1);
  expect(addresses).not.toContain("/auth/sign-in");
  await expect(page.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
  // The refresh rotated the stored refresh token.
  const rotated = await storedRefreshToken(page);
  expect(rotated).toBeDefined();
  expect(rotated).not.toBe(firstRefreshToken);
  await expectNoSeriousA11yViolations(page);

  expect(problems).toEqual([]);
});
