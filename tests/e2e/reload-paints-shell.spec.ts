import type { Route } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { REVIEW_QUEUE_SCOPE, type ReviewQueueStep } from "../../domain/review-queue/index.ts";
import { pendingSessionHref } from "../../ui/features/review-queue/session-address.ts";
import { apiGet, captureApiHeaders } from "./support/api.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { builtFileOf } from "./support/built-file.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { pageHeading } from "./support/shell.ts";
import { ACCOUNTS, expectDashboard, signInWithEmailCode } from "./support/sign-in.ts";

const account = ACCOUNTS.slp;

test("a reloaded dashboard paints its shell and heading while the session refreshes, then fills in", async ({ page }) => {
  const problems = collectPageProblems(page);
  await signInWithEmailCode(page, account);

  // Hold the refresh that a reload starts, to look at what the page shows meanwhile.
  let releaseRefresh: () => void = () => {};
  const held = new Promise<void>((resolve) => (releaseRefresh = resolve));
  // Only calls made by the reloaded page count. The old document keeps running until the new one
  // commits (after the navigation's request is sent), and it may start calls of its own meanwhile
  // (the review queue's next session): the reloaded page begins when the main frame has navigated.
  const requestsWhileHeld: string[] = [];
  let navigating = false;
  let reloaded = false;
  page.on("framenavigated", (frame) => {
    if (navigating && frame === page.mainFrame()) reloaded = true;
  });
  page.on("request", (request) => {
    if (request.isNavigationRequest()) navigating = true;
    else if (reloaded && request.url().includes("/api/")) requestsWhileHeld.push(new URL(request.url()).pathname);
  });
  await page.route("**/api/authentication/refresh/", async (route: Route) => {
    await held;
    await route.continue();
  });

  await page.reload();
  // The page's own heading inside the shell's frame, with its loading announced as busy.
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("main")).toHaveAttribute("aria-busy", "true");
  await expect(page.getByText("Restoring your session")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // Nothing but the refresh has gone to the API: every other call waits for the fresh token.
  expect(requestsWhileHeld).toEqual(["/api/authentication/refresh/"]);

  releaseRefresh();
  await expectDashboard(page, account);
  await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
  expect(problems).toEqual([]);
});

test("a reload sends the session's refresh before the app's own code has arrived", async ({ page }) => {
  await signInWithEmailCode(page, account);
  // The app's entry (the shell's module script) is held until the refresh has been sent: only the
  // boot script, which runs before the entry, can send it then. Without it the page never starts.
  const shell = await (await page.request.get("/")).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(shell)?.[1];
  expect(entry).toMatch(/^\/assets\/.+\.js$/);
  let refreshSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => (refreshSent = resolve));
  const apiCalls: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) apiCalls.push(pathname);
    if (pathname === "/api/authentication/refresh/") refreshSent();
  });

  let entryHeldUntilRefresh = false;
  await page.route(`**${entry}`, async (route: Route) => {
    await sent;
    entryHeldUntilRefresh = true;
    await route.continue();
  });

  await page.reload();
  await expectDashboard(page, account);
  expect(entryHeldUntilRefresh).toBe(true);
  // The app used what the boot script started: one refresh (a second, with the same rotated
  // token, would be refused), whose answer carried the user record (no read of its own).
  expect(apiCalls.filter((path) => path === "/api/authentication/refresh/")).toHaveLength(1);
  expect(apiCalls.filter((path) => /^\/api\/users\/\d+\/$/.test(path))).toHaveLength(0);
});

test("a reloaded patient record takes the reads the boot script started: each asked once, before the app's code has run", async ({ page }) => {
  await signInWithEmailCode(page, account);
  await page.goto("/patients");
  const firstPatient = page.getByRole("table", { name: "Patients" }).getByRole("rowheader").first().getByRole("link");
  const name = (await firstPatient.innerText()).trim();
  const href = await firstPatient.getAttribute("href");
  expect(href).toMatch(/^\/patient\/\d+$/);
  await page.goto(href!);
  await expect(pageHeading(page)).toHaveText(name);

  // As above: the entry is held until the record's reads are out, which only the boot script can send then.
  const shell = await (await page.request.get("/")).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(shell)?.[1];
  const record = `/api/patients/${href!.split("/").at(-1)}/`;
  let readsSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => (readsSent = resolve));
  const apiCalls: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith("/api/")) return;
    apiCalls.push(pathname);
    if (pathname === `${record}game-levels/`) readsSent();
  });
  let entryHeld = false;
  await page.route(`**${entry}`, async (route: Route) => {
    await sent;
    entryHeld = true;
    await route.continue();
  });

  await page.reload();
  await expect(pageHeading(page)).toHaveText(name);
  expect(entryHeld).toBe(true);
  // One fetch per resource per load: the app's own calls took the boot script's answers.
  expect(apiCalls.filter((path) => path === record)).toHaveLength(1);
  expect(apiCalls.filter((path) => path === `${record}game-levels/`)).toHaveLength(1);
  expect(apiCalls.filter((path) => path === "/api/authentication/refresh/")).toHaveLength(1);
});

test("a reloaded session's detail asks each read once and draws the walk's steps with its heading", async ({ page }) => {
  const headers = captureApiHeaders(page);
  await signInWithEmailCode(page, account);
  // The caseload's first pending session (the demo SLP has some), at its bare address: the one
  // whose walk the boot script reads ahead.
  const first = await apiGet<ReviewQueueStep>(page, await headers(), "/api/review-queue/next/?scope=caseload");
  expect(first.session).not.toBeNull();
  const sessionPath = pendingSessionHref(first.session!, REVIEW_QUEUE_SCOPE.patient);
  await page.goto(sessionPath);
  await expect(pageHeading(page)).toHaveText(/ session$/);

  // At a bare address the boot script asked the reads, so the arrival's reads module is not loaded
  // at all: on a slow phone it was the last file in, and it asked the walk's steps again, stale at
  // once, after the page had read them (issue 35). Its requests are counted to show it stays away.
  const readsModule = builtFileOf("ui/app/prefetch/session-detail.ts");
  const moduleAsked: string[] = [];
  const apiCalls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) apiCalls.push(url.pathname + url.search);
    if (url.pathname.endsWith(readsModule)) moduleAsked.push(url.pathname);
  });

  // The first state of the reloaded page with the session's heading, noted at every change of the
  // page (one React commit is one change): the steps' links sit above the statistics, and drawn
  // after the heading they pushed the page down (issue 35).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!(document.querySelector("main h1")?.textContent ?? "").endsWith(" session")) return;
      (window as unknown as { firstSessionView: string }).firstSessionView = document.querySelector('nav[aria-label="Review queue"]')?.textContent ?? "";
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.reload();
  await expect(pageHeading(page)).toHaveText(/ session$/);
  const firstView = await page.evaluate(() => (window as unknown as { firstSessionView?: string }).firstSessionView);
  expect(firstView).toMatch(/(Previous|earlier) pending session.*(Next|later) pending session/);
  // A read asked again (by a late module or a second fetch) is given two seconds to show.
  await page.waitForTimeout(2_000);
  expect(moduleAsked).toEqual([]);
  const steps = apiCalls.filter((call) => call.startsWith("/api/review-queue/next/"));
  expect(steps.filter((call) => call.includes("direction=next"))).toHaveLength(1);
  expect(steps.filter((call) => call.includes("direction=previous"))).toHaveLength(1);
  expect(apiCalls.filter((call) => call === `/api/game-session/${first.session!.id}/detailed/`)).toHaveLength(1);
  await expectNoSeriousA11yViolations(page);
});
