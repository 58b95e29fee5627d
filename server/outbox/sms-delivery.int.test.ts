import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Config, testConfig } from "../config.ts";
import { outboxMessages } from "../db/schema/outbox.ts";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { auditFor, createAccount, pastIpWindows, postPreAuth, preAuthToken, resend, verify } from "../auth/auth.test-helper.ts";
import { type TestApp, createTestApp } from "../test-app.test-helper.ts";
import { type FakeSmsProvider, startFakeSmsProvider } from "./fake-sms-provider.test-helper.ts";

const TOKEN = "provider-token-never-logged";
const PHONE = "+12025550143";
const COOLDOWN_MS = 61_000;

const codeIn = (body: string): string => /\b([0-9]{6})\b/.exec(body)?.[1] ?? "";

describe.each(TEST_DRIVERS)("SMS codes through the HTTP provider (%s)", (driver) => {
  let provider: FakeSmsProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startFakeSmsProvider();
    const sms: Config["sms"] = { url: provider.url, authorization: `Bearer ${TOKEN}` };
    t = await createTestApp(driver, { config: { sms } });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });
  beforeEach(() => {
    provider.requests.length = 0;
    provider.mode = { kind: "accept" };
    pastIpWindows(t);
  });

  it("delivers the sign-in code to the provider, and that code signs in", async () => {
    const account = await createAccount(t, { email: "sms-provider@clinic.test", emailMfa: false });
    const token = await preAuthToken(t, account);
    expect((await postPreAuth(t, token, "totp/create_mfa/", { mfa_option: "sms", phone: PHONE })).statusCode).toBe(204);
    expect(provider.requests).toHaveLength(1);
    const sent = JSON.parse(provider.requests[0]?.body ?? "{}") as { to: string; body: string };
    expect(sent.to).toBe(PHONE);
    expect(provider.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect((await verify(t, token, "sms", codeIn(sent.body))).statusCode).toBe(200);
  });

  it("answers 502 ERROR_014 when the provider refuses, keeps the failure in the outbox and audit, and logs no secret", async () => {
    const account = await createAccount(t, { email: "sms-refused@clinic.test", emailMfa: false });
    const token = await preAuthToken(t, account);
    provider.mode = { kind: "status", status: 500 };
    const refused = await postPreAuth(t, token, "totp/create_mfa/", { mfa_option: "sms", phone: "+12025550144" });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: "ERROR_014", message: "OTP creation failed", detail: { field: "mfa_option" } });
    const rows = await t.database.db.select().from(outboxMessages);
    expect(rows.find((row) => row.recipient === "+12025550144")?.lastError).toBe("SMS provider answered HTTP 500");
    expect((await auditFor(t, account.id)).map((row) => `${row.action}:${row.outcome}:${row.reason ?? ""}`)).toContain("auth.code_sent:failure:sms_failed");

    // A resend after the cooldown goes through once the provider recovers.
    provider.mode = { kind: "accept" };
    t.clock.advance(COOLDOWN_MS);
    expect((await resend(t, token, "sms")).statusCode).toBe(204);
    expect(JSON.stringify(t.logs)).not.toContain(TOKEN);
  });
});

describe("SMS in production without a provider", () => {
  it("answers 503 ERROR_014 (unavailable) instead of keeping the code in the outbox", async () => {
    const t = await createTestApp("pglite", { config: testConfig({ isProduction: true, nodeEnv: "production", sms: undefined }) });
    try {
      const account = await createAccount(t, { email: "sms-unavailable@clinic.test", emailMfa: false });
      const token = await preAuthToken(t, account);
      const response = await postPreAuth(t, token, "totp/create_mfa/", { mfa_option: "sms", phone: PHONE });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: "ERROR_014", detail: { field: "mfa_option" } });
      // The row stays for the record, marked as not sent; its code never reaches the log.
      const [row] = await t.database.db.select().from(outboxMessages);
      expect(row?.sentAt).toBeNull();
      expect(row?.lastError).toBe("no transport configured for sms");
      expect(JSON.stringify(t.logs)).not.toContain(codeIn(row?.body ?? ""));
    } finally {
      await t.close();
    }
  }, 60_000);
});
