import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { ACCOUNTS, SESSION_STORAGE_KEY, signInWithEmailCode, storageContents } from "./support/sign-in.ts";

const account = ACCOUNTS.slp;
const REFRESH_PATH = "/api/authentication/refresh/";
const API_KEY = "dev-portal-api-key";

test("a refresh the server refuses ends the session and lands on sign-in", async ({ page }) => {
  // The browser's refresh is refused on purpose: its token was already rotated (reuse).
  const problems = collectPageProblems(page, [{ method: "POST", url: /\/api\/authentication\/refresh\/$/, status: 401 }]);
  const refreshStatuses: number[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(REFRESH_PATH)) refreshStatuses.push(response.status());
  });

  await signInWithEmailCode(page, account);
  const stored = (await storageContents(page)).session[SESSION_STORAGE_KEY];
  expect(stored).toBeDefined();
  const { refresh_token: browserToken } = JSON.parse(stored ?? "{}") as { refresh_token: string };

  // Someone else uses the browser's refresh token first: the browser's copy is now a reused token.
  const stolen = await page.request.post(REFRESH_PATH, { data: { refresh: browserToken }, headers: { "X-Api-Key": API_KEY } });
  expect(stolen.status()).toBe(200);
  const { refresh: thiefToken } = (await stolen.json()) as { refresh: string };

  // A reload keeps only the refresh token, so the app must refresh to restore the session.
  await page.reload();

  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  expect(refreshStatuses).toEqual([401]);
  expect((await storageContents(page)).session).toEqual({});
  await expect(page.getByText(account.name)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Reuse ended the whole chain: the thief's newer token is dead too.
  const thiefAgain = await page.request.post(REFRESH_PATH, { data: { refresh: thiefToken }, headers: { "X-Api-Key": API_KEY } });
  expect(thiefAgain.status()).toBe(401);

  expect(problems).toEqual([]);
});
