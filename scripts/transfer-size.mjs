#!/usr/bin/env node
// `node scripts/transfer-size.mjs --url http://127.0.0.1:3000`: the bytes a browser receives over
// the network (Chromium's encodedDataLength: headers plus the body as sent, compressed or not) for
// a cold /auth/sign-in and a cold /dashboard, against a running development server (it reads the
// one-time code from the development outbox). "Cold" means an empty HTTP cache; the dashboard
// load is a reload of a signed-in tab, so its API calls count too. Prints one line per page.
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./chromium-flags.mjs";

// The development server's key (API_KEY when it was started with one): the outbox read needs it.
const API_KEY = process.env.API_KEY ?? "dev-portal-api-key";
const ACCOUNT = { email: "slp@demo.test", password: process.env.DEMO_PASSWORD ?? "Demo-Portal-2026!" };

const argValue = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};

/** Sums encodedDataLength of every request finished while `action` runs (and the network settles). */
const measure = async (page, cdp, action) => {
  const finished = new Map();
  const onFinished = (event) => finished.set(event.requestId, event.encodedDataLength);
  cdp.on("Network.loadingFinished", onFinished);
  await cdp.send("Network.clearBrowserCache");
  await action();
  await page.waitForLoadState("networkidle");
  cdp.off("Network.loadingFinished", onFinished);
  let bytes = 0;
  for (const length of finished.values()) bytes += length;
  return { bytes, requests: finished.size };
};

/** The newest message to `email` in the development outbox: its id and the 6-digit code in it. */
const newestMessage = async (baseUrl, email) => {
  const answer = await (await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`, { headers: { "x-api-key": API_KEY } })).json();
  const newest = answer.results[0];
  return { id: newest?.id, code: newest?.body.match(/\b(\d{6})\b/)?.[1] };
};

const main = async () => {
  const baseUrl = argValue("--url", "http://127.0.0.1:3000");
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");

    const signIn = await measure(page, cdp, () => page.goto(`${baseUrl}/auth/sign-in`));

    const before = (await newestMessage(baseUrl, ACCOUNT.email)).id;
    await page.getByRole("textbox", { name: "Email" }).fill(ACCOUNT.email);
    await page.getByLabel("Password", { exact: true }).fill(ACCOUNT.password);
    await page.keyboard.press("Enter");
    await page.getByRole("textbox", { name: "Verification code" }).waitFor({ timeout: 30_000 });
    let code;
    for (let attempt = 0; attempt < 100 && code === undefined; attempt += 1) {
      const found = await newestMessage(baseUrl, ACCOUNT.email);
      if (found.id !== before) code = found.code;
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (code === undefined) throw new Error("no new one-time code arrived");
    await page.getByRole("textbox", { name: "Verification code" }).fill(code);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor({ timeout: 30_000 });

    const dashboard = await measure(page, cdp, async () => {
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor({ timeout: 30_000 });
    });

    const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
    console.log(`cold /auth/sign-in: ${kb(signIn.bytes)} in ${signIn.requests} requests`);
    console.log(`cold /dashboard:    ${kb(dashboard.bytes)} in ${dashboard.requests} requests`);
  } finally {
    await browser.close();
  }
};

await main();
