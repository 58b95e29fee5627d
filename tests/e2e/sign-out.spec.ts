import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate } from "./support/keyboard.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { ACCOUNTS, expectDashboard, SESSION_STORAGE_KEY, signInWithEmailCode, storageContents } from "./support/sign-in.ts";

const account = ACCOUNTS.slp;

test("sign-out empties both storages, and Back shows no trace of the signed-in person", async ({ page }) => {
  const problems = collectPageProblems(page);

  await signInWithEmailCode(page, account);
  // Open the portal again by its address ("/" leads to the dashboard): a second history entry and
  // a second page load, restored with the refresh token from sessionStorage. Back after sign-out
  // then has the first dashboard to go to.
  await page.goto("/");
  await expectDashboard(page, account);
  expect(Object.keys((await storageContents(page)).session)).toEqual([SESSION_STORAGE_KEY]);

  await activate(page, page.getByRole("button", { name: "Sign out" }));

  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await storageContents(page)).toEqual({ local: {}, session: {} });

  const addressesAfterBack: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) addressesAfterBack.push(new URL(frame.url()).pathname);
  });
  await page.goBack();

  // The previous entry is the first dashboard: it must not come back with the person's data.
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByText(account.name)).toHaveCount(0);
  await expect(page.getByText(account.email)).toHaveCount(0);
  expect(addressesAfterBack[0]).toBe("/dashboard");
  expect(await storageContents(page)).toEqual({ local: {}, session: {} });

  expect(problems).toEqual([]);
});
