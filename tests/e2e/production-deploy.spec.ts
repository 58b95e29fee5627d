import { expect, test } from "./support/fixtures.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { PRODUCTION_API_KEY, mailFiles, productionMailDir, waitForMailedCode } from "./support/production-deploy.ts";
import { ACCOUNTS, enterCode, expectCodeEntry, expectDashboard, submitCredentials } from "./support/sign-in.ts";

// Runs in the `production-deploy` project against tests/e2e/start-production-server.mjs.
const account = ACCOUNTS.slp;

test("a production deployment with its own API key: the prebuilt client signs in end to end with the code sent over SMTP", async ({ page, server }) => {
  const mailDir = productionMailDir(String(server.port));
  const problems = collectPageProblems(page);
  const apiKeysSent = new Set<string>();
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) apiKeysSent.add(request.headers()["x-api-key"] ?? "(none)");
  });

  // The page the server sends carries this deployment's key; production has no development tools.
  const shell = await page.request.get("/auth/sign-in", { headers: { accept: "text/html" } });
  expect(await shell.text()).toContain(`"apiKey":"${PRODUCTION_API_KEY}"`);
  const outbox = await page.request.get("/api/dev/outbox?to=slp@demo.test", { headers: { "x-api-key": PRODUCTION_API_KEY } });
  expect(outbox.status()).toBe(404);

  const before = await mailFiles(mailDir);
  await submitCredentials(page, account.email);
  await expectCodeEntry(page, "email");
  await enterCode(page, await waitForMailedCode(mailDir, account.email, before));
  await expectDashboard(page, account);

  expect([...apiKeysSent]).toEqual([PRODUCTION_API_KEY]);
  expect(problems).toEqual([]);
});

test("a page served without its configuration block says the portal cannot start, instead of failing every call", async ({ page }) => {
  // Stands in for a proxy or a hand-served dist/ that drops the block the server writes.
  await page.route("**/auth/sign-in", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script type="application\/json" id="portal-config">[^<]*<\/script>/, "");
    await route.fulfill({ response, body: html, headers: { ...response.headers(), "content-encoding": "identity" } });
  });
  const apiCalls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) apiCalls.push(request.url());
  });

  await page.goto("/auth/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "The portal cannot start" })).toBeVisible();
  await expect(page.getByText("The page has no #portal-config configuration block")).toBeVisible();
  expect(apiCalls).toEqual([]);
});
