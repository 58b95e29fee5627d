import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";

// Console errors include CSP violations, so this also proves the built client runs under the
// server's strict Content-Security-Policy; failed requests are listed by address.
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

test("an unknown address shows the not-found page, and the keyboard alone leads on to sign-in", async ({ page }) => {
  const consoleErrors = collectConsoleErrors(page);

  await page.goto("/this/page/does-not-exist");

  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found – Speech therapy care portal");
  await expectNoSeriousA11yViolations(page);

  const link = page.getByRole("link", { name: "Go to the dashboard" });
  for (let presses = 0; presses < 10; presses += 1) {
    if (await link.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(link).toBeFocused();

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
