import { CHUNK_FAILURE_MESSAGE } from "../../ui/app/chunk-failure.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { builtFileOf } from "./support/built-file.ts";
import { expect, test } from "./support/fixtures.ts";
import { pageHeading } from "./support/shell.ts";
import { ACCOUNTS } from "./support/sign-in.ts";
import { openSignedIn } from "./support/signed-in-state.ts";

// A part the signed-in area loads after the heading (the idle sign-off) whose chunk does not arrive
// (a dropped connection) is asked for again, and the page the clinician is on stays: before, the
// failed import reached the app's error boundary and replaced the page with "Unexpected Application
// Error!" (an e2e flow that went offline at that moment failed on it).
test("a background part's chunk lost on the way is fetched again, and the page stays", async ({ page }) => {
  const idleChunk = builtFileOf("ui/session/idle-sign-off-session.tsx");
  const asked: string[] = [];
  const delivered: number[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(idleChunk)) delivered.push(response.status());
  });
  await page.route(`**/${idleChunk}`, async (route) => {
    asked.push(route.request().url());
    if (asked.length === 1) await route.abort("internetdisconnected");
    else await route.continue();
  });
  await openSignedIn(page, ACCOUNTS.slp);
  await page.goto("/patients");
  await expect(pageHeading(page)).toHaveText("Patients");
  // The first try fails; the next one, a second later, is let through and answered.
  await expect.poll(() => delivered, { timeout: 30_000 }).toEqual([200]);
  expect(asked).toHaveLength(2);
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toHaveCount(0);
  await expect(pageHeading(page)).toHaveText("Patients");
});

// A page's own chunk that does not arrive cannot be shown in part: the app's error screen says so in
// words (not the browser's message with the file's address), with the focus on its heading, and its
// Reload brings the page once the connection is back.
test("a page whose own code is lost on the way says so in words, and Reload brings it", async ({ page }) => {
  const settingsChunk = builtFileOf("ui/features/account/settings-page.tsx");
  let lost = true;
  await page.route(`**/${settingsChunk}`, async (route) => {
    if (lost) await route.abort("internetdisconnected");
    else await route.continue();
  });
  await openSignedIn(page, ACCOUNTS.slp);
  await page.goto("/settings/profile");
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("main")).toContainText(CHUNK_FAILURE_MESSAGE);
  await expect(page.getByRole("main")).not.toContainText(settingsChunk);
  // The page that held the focus is gone: the screen's heading takes it, never the body.
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  lost = false;
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(pageHeading(page)).toHaveText("Settings", { timeout: 30_000 });
});
