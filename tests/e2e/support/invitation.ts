import { expect, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { activate, typeInto } from "./keyboard.ts";
import { type OutboxMark, waitForLink } from "./outbox.ts";
import { type DemoAccount, enterCode, expectCodeEntry, expectDashboard } from "./sign-in.ts";

/** Where an invitation e-mail leads (server/features/invitations/invitation-mail.ts). */
const INVITATION_PATH = "/auth/invitation";

/** What an authenticator app shows for the key at a moment (the server's settings: SHA-1, 6 digits, 30 s). */
export const authenticatorCode = (secret: string, at: number): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: at });

/**
 * The invitation link of the newest e-mail to the marked address after the mark, as a path and
 * query: the page opens it on the worker's own server (baseURL), whatever public address the
 * server writes into its e-mails.
 */
export async function waitForInvitationLink(page: Page, mark: OutboxMark): Promise<string> {
  const link = await waitForLink(page.request, mark, INVITATION_PATH);
  expect(link.searchParams.get("token")).toMatch(/\S/);
  return `${link.pathname}${link.search}`;
}

/** An authenticator app registered at the first sign-in: its key, and when its first code was used. */
export type RegisteredApp = { readonly secret: string; readonly registeredAt: number };

/**
 * An invited person follows their link by keyboard: the landing page greets them by name, they
 * choose `password` (typed twice) and are signed in with it at once; having no second factor, they
 * set up an authenticator app (the code computed from the shown setup key) and land on the
 * dashboard. Every screen is scanned.
 */
export async function acceptInvitationWithApp(page: Page, link: string, person: DemoAccount, password: string): Promise<RegisteredApp> {
  await page.goto(link);
  const firstName = person.name.split(" ")[0] ?? person.name;
  await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${firstName}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(person.email, { exact: true })).toBeVisible();
  // The token leaves the address bar once read (it must not be shared or kept in the history).
  await expect(page).toHaveURL((url) => url.pathname === INVITATION_PATH && url.search === "");
  await expectNoSeriousA11yViolations(page);

  await typeInto(page, page.getByLabel("New password", { exact: true }), password);
  await typeInto(page, page.getByLabel("Confirm new password", { exact: true }), password);
  await page.keyboard.press("Enter");

  // The sign-in flow runs with the new password; no factor yet, so every method is offered for set-up.
  await expect(page).toHaveURL(/\/auth\/mfa$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Verify it's you" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Set up a method" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await activate(page, page.getByRole("button", { name: "Set up an authenticator app" }));

  await expect(page).toHaveURL(/\/auth\/mfa\/registration\?platform=app$/, { timeout: 30_000 });
  await expect(page.getByRole("img", { name: "QR code for adding this portal to your authenticator app" })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);
  const shownKey = (await page.getByRole("main").locator("code").innerText()).trim();
  expect(shownKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const secret = shownKey.replaceAll(" ", "");
  await activate(page, page.getByRole("button", { name: "Continue" }));

  await expectCodeEntry(page, "app");
  await expectNoSeriousA11yViolations(page);
  const registeredAt = Date.now();
  await enterCode(page, authenticatorCode(secret, registeredAt));
  await expectDashboard(page, person);
  await expectNoSeriousA11yViolations(page);
  return { secret, registeredAt };
}
