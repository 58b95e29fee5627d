// `npm run perf`: signing in to the demo data as a person does (password, then the code the
// server's dev outbox holds), for the parts that time signed-in pages.
import { PAGE_MS } from "./perf-slow-phone.mjs";

// The key of the server perf.mjs starts (it inherits API_KEY): the outbox read needs it.
const API_KEY = process.env.API_KEY ?? "dev-portal-api-key";

export const DEMO_ACCOUNT = { email: "admin@demo.test", password: "Demo-Portal-2026!" };
export const CLINICIAN_ACCOUNT = { email: "slp@demo.test", password: DEMO_ACCOUNT.password };

export async function signIn(page, base, account = DEMO_ACCOUNT) {
  const outbox = async () => {
    const response = await page.request.get(`${base}/api/dev/outbox`, { params: { to: account.email, limit: "1" }, headers: { "x-api-key": API_KEY } });
    return (await response.json()).results[0];
  };
  const before = await outbox();
  await page.goto(`${base}/auth/sign-in`);
  await page.getByRole("textbox", { name: "Email" }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: "Enter your verification code" }).waitFor({ timeout: PAGE_MS });
  const deadline = Date.now() + 20_000;
  let message = await outbox();
  while (message === undefined || message.id === before?.id) {
    if (Date.now() > deadline) throw new Error("no sign-in code reached the outbox");
    await new Promise((done) => setTimeout(done, 200));
    message = await outbox();
  }
  const code = /Your sign-in code is (\d{6})\b/.exec(message.body)?.[1];
  await page.getByRole("textbox", { name: "Verification code" }).fill(code);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor({ timeout: PAGE_MS });
}

/** The Bearer token and API key the signed-in page sends (to ask the API what the demo data holds). */
export function captureHeaders(page) {
  let headers = {};
  page.on("request", (request) => {
    const sent = request.headers();
    if (sent.authorization?.startsWith("Bearer ") && sent["x-api-key"] !== undefined) headers = { authorization: sent.authorization, "x-api-key": sent["x-api-key"] };
  });
  return async () => {
    for (const deadline = Date.now() + 30_000; headers.authorization === undefined; ) {
      if (Date.now() > deadline) throw new Error("the signed-in page made no API call");
      await new Promise((done) => setTimeout(done, 200));
    }
    return headers;
  };
}
