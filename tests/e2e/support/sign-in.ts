import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { tabTo, typeInto } from "./keyboard.ts";
import { markOutbox, waitForCode } from "./outbox.ts";

/** The demo accounts' password (README.md, "Demo accounts"). */
export const DEMO_PASSWORD = "Demo-Portal-2026!";

/** The sessionStorage key of the auth session (docs/adapters.md). */
export const SESSION_STORAGE_KEY = "portal.auth.session";

export type DemoAccount = { readonly email: string; readonly name: string };

/** Seeded accounts (server/seed/demo-accounts.ts); each spec that changes an account owns it. */
export const ACCOUNTS = {
  superAdmin: { email: "super@demo.test", name: "Sam Superadmin" },
  admin: { email: "admin@demo.test", name: "Alice Admin" },
  staffAdmin: { email: "staffadmin@demo.test", name: "Stella Staffadmin" },
  slp: { email: "slp@demo.test", name: "Sophie Speech" },
  otherAdmin: { email: "admin@other.test", name: "Oscar Other" },
  newSlp: { email: "new.slp@demo.test", name: "Nina Newcomer" },
} as const satisfies Record<string, DemoAccount>;

export type CodeMethod = "email" | "sms" | "app";

/**
 * Opens /auth/sign-in (unless it is shown already), scans it, and submits email and password by
 * keyboard alone.
 */
export async function submitCredentials(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  if (!/\/auth\/sign-in$/.test(page.url())) await page.goto("/auth/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await typeInto(page, page.getByRole("textbox", { name: "Email" }), email);
  await typeInto(page, page.getByLabel("Password", { exact: true }), password);
  await page.keyboard.press("Enter");
}

/** The code-entry step for `method` is shown and ready for a code. */
export async function expectCodeEntry(page: Page, method: CodeMethod): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/auth/mfa/otp\\?platform=${method}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Enter your verification code" })).toBeVisible();
  await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
}

/** Types the code into "Verification code" and submits it with Enter. */
export async function enterCode(page: Page, code: string): Promise<void> {
  const field = page.getByRole("textbox", { name: "Verification code" });
  await tabTo(page, field);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(code);
  await expect(field).toHaveValue(code);
  await page.keyboard.press("Enter");
}

/** The dashboard is shown and the sidebar's footer names the signed-in person, from the server's own record. */
export async function expectDashboard(page: Page, account: DemoAccount): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Main" });
  await expect(sidebar.getByText(account.name, { exact: true })).toBeVisible();
  await expect(sidebar.getByText(account.email, { exact: true })).toBeVisible();
}

/**
 * A complete sign-in of an account whose only second factor is e-mail: password, then the code
 * e-mailed to it (read from the development outbox), then the dashboard. Scans every auth screen.
 */
export async function signInWithEmailCode(page: Page, account: DemoAccount, password: string = DEMO_PASSWORD): Promise<void> {
  const mark = await markOutbox(page.request, account.email);
  await submitCredentials(page, account.email, password);
  await expectCodeEntry(page, "email");
  await expectNoSeriousA11yViolations(page);
  await enterCode(page, await waitForCode(page.request, mark));
  await expectDashboard(page, account);
}

/** What both Web Storage areas of the page hold, as key/value pairs. */
export async function storageContents(page: Page): Promise<{ local: Record<string, string>; session: Record<string, string> }> {
  return page.evaluate(() => {
    const entries = (storage: Storage) => Object.fromEntries(Object.keys(storage).map((key) => [key, storage.getItem(key) ?? ""]));
    return { local: entries(localStorage), session: entries(sessionStorage) };
  });
}
