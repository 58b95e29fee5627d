import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { tabTo } from "./support/keyboard.ts";
import { collectPageProblems } from "./support/page-problems.ts";

test("an unknown address shows the not-found page, and the keyboard alone leads on to sign-in", async ({ page }) => {
  const consoleErrors = collectPageProblems(page);

  await page.goto("/this/page/does-not-exist");

  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found – Speech therapy care portal");
  await expectNoSeriousA11yViolations(page);

  const link = page.getByRole("link", { name: "Go to the dashboard" });
  await tabTo(page, link, { max: 10 });

  await page.keyboard.press("Enter");

  // /dashboard needs a session, so it redirects to sign-in.
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page).toHaveTitle("Sign in – Speech therapy care portal");
  await expectNoSeriousA11yViolations(page);

  // Back leads to the not-found page, not to the /dashboard redirect that would bounce again.
  await page.goBack();
  await expect(page).toHaveURL(/\/this\/page\/does-not-exist$/);

  expect(consoleErrors).toEqual([]);
});

test("the root address sends a signed-out visitor to sign-in", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
});
