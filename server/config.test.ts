import { describe, expect, it } from "vitest";
import { DEFAULT_API_KEY, DEFAULT_AUDIT_CHECKPOINT_KEY, DEFAULT_DEMO_PASSWORD, DEFAULT_JWT_SECRET, DEFAULT_MFA_SECRET_KEY, loadConfig, testConfig } from "./config.ts";
import { AUTH_POLICY } from "./auth/auth-policy.ts";

const REAL_KEY = "k".repeat(40);
const REAL_SECRET = "s".repeat(40);
const REAL_MFA_KEY_HEX = "ab".repeat(32);
const production = {
  NODE_ENV: "production",
  API_KEY: REAL_KEY,
  JWT_SECRET: REAL_SECRET,
  PUBLIC_URL: "https://portal.example.test",
  SMTP_URL: "smtp://mail.example.test:587",
  MFA_SECRET_KEY: REAL_MFA_KEY_HEX,
  AUDIT_CHECKPOINT_KEY: "cd".repeat(32),
};

describe("configuration", () => {
  it("has documented defaults for development", () => {
    const result = loadConfig({});
    expect(result).toEqual({
      ok: true,
      config: expect.objectContaining({
        port: 3000,
        host: "127.0.0.1",
        dataDir: "./data",
        databaseUrl: undefined,
        apiKey: DEFAULT_API_KEY,
        smtpUrl: undefined,
        demoPassword: DEFAULT_DEMO_PASSWORD,
        jwtSecret: DEFAULT_JWT_SECRET,
        publicUrl: "http://localhost:3000",
        passwordHashCost: "production",
        isProduction: false,
      }),
    });
  });

  it("reads the chat reminder's wait in minutes, 15 by default, and refuses nonsense", () => {
    const byDefault = loadConfig({});
    expect(byDefault.ok && byDefault.config.chatReminderAfterMs).toBe(15 * 60_000);
    const set = loadConfig({ CHAT_REMINDER_MINUTES: "2" });
    expect(set.ok && set.config.chatReminderAfterMs).toBe(2 * 60_000);
    for (const wrong of ["0", "1.5", "soon", "1441"]) expect(loadConfig({ CHAT_REMINDER_MINUTES: wrong })).toMatchObject({ ok: false });
  });

  it("reads every variable, and treats empty ones as unset", () => {
    const result = loadConfig({ PORT: "8080", JWT_SECRET: "from-env", PUBLIC_URL: "https://portal.example.test", HOST: "0.0.0.0", DATA_DIR: "/var/portal", DATABASE_URL: "postgres://u@db/portal", API_KEY: "abc", DEMO_PASSWORD: "" });
    expect(result.ok && result.config).toMatchObject({ port: 8080, host: "0.0.0.0", dataDir: "/var/portal", databaseUrl: "postgres://u@db/portal", apiKey: "abc", demoPassword: DEFAULT_DEMO_PASSWORD, jwtSecret: "from-env", publicUrl: "https://portal.example.test" });
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://db/portal" }, "DATABASE_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ DEMO_PASSWORD: "short" }, "DEMO_PASSWORD"],
    [{ PUBLIC_URL: "https://portal.example.test/app" }, "PUBLIC_URL"],
    [{ PASSWORD_HASH_COST: "cheap" }, "PASSWORD_HASH_COST"],
  ])("refuses %o, naming the variable", (env, name) => {
    const result = loadConfig(env);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.join(" ")).toContain(name);
  });

  it("starts in production with a real API key and SMTP", () => {
    const result = loadConfig(production);
    expect(result.ok && result.config.isProduction).toBe(true);
  });

  it.each([
    ["no API key", { ...production, API_KEY: undefined }, "API_KEY"],
    ["the development API key", { ...production, API_KEY: DEFAULT_API_KEY }, "API_KEY"],
    ["an API key under 32 characters", { ...production, API_KEY: "k".repeat(31) }, "at least 32"],
    ["no SMTP_URL", { ...production, SMTP_URL: undefined }, "SMTP_URL"],
    ["no JWT_SECRET", { ...production, JWT_SECRET: undefined }, "JWT_SECRET"],
    ["the development JWT_SECRET", { ...production, JWT_SECRET: DEFAULT_JWT_SECRET }, "JWT_SECRET"],
    ["a JWT_SECRET under 32 characters", { ...production, JWT_SECRET: "s".repeat(31) }, "JWT_SECRET must be at least 32"],
    ["a JWT_SECRET equal to the API key", { ...production, JWT_SECRET: REAL_KEY }, "must differ from API_KEY"],
    ["no PUBLIC_URL", { ...production, PUBLIC_URL: undefined }, "PUBLIC_URL"],
    ["a shortened access-token lifetime", { ...production, ACCESS_TOKEN_TTL_SECONDS: "5" }, "ACCESS_TOKEN_TTL_SECONDS"],
    ["the test password-hash cost", { ...production, PASSWORD_HASH_COST: "test" }, "PASSWORD_HASH_COST=test is a test setting and is refused in production"],
    ["no MFA_SECRET_KEY", { ...production, MFA_SECRET_KEY: undefined }, "MFA_SECRET_KEY must be set"],
    ["the development MFA_SECRET_KEY", { ...production, MFA_SECRET_KEY: DEFAULT_MFA_SECRET_KEY }, "MFA_SECRET_KEY must be set"],
    ["no AUDIT_CHECKPOINT_KEY", { ...production, AUDIT_CHECKPOINT_KEY: undefined }, "AUDIT_CHECKPOINT_KEY must be set"],
    ["the development AUDIT_CHECKPOINT_KEY", { ...production, AUDIT_CHECKPOINT_KEY: DEFAULT_AUDIT_CHECKPOINT_KEY }, "AUDIT_CHECKPOINT_KEY must be set"],
    ["an SMS_URL without TLS", { ...production, SMS_URL: "http://sms.example.test/messages" }, "SMS_URL must be an https://"],
    ["the development outbox switched on", { ...production, DEV_OUTBOX: "true" }, "DEV_OUTBOX=true is refused in production"],
  ])("refuses production with %s", (_, env, message) => {
    const result = loadConfig(env);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.join(" ")).toContain(message);
  });

  it("lets tests shorten the access-token lifetime outside production, never lengthen it", () => {
    const short = loadConfig({ ACCESS_TOKEN_TTL_SECONDS: "5" });
    expect(short.ok && short.config.accessTokenLifetimeMs).toBe(5000);
    const standard = loadConfig({});
    expect(standard.ok && standard.config.accessTokenLifetimeMs).toBe(AUTH_POLICY.accessTokenLifetimeMs);
    for (const bad of ["0", "-1", "2.5", "soon", String(AUTH_POLICY.accessTokenLifetimeMs / 1000 + 1)]) {
      expect(loadConfig({ ACCESS_TOKEN_TTL_SECONDS: bad }).ok).toBe(false);
    }
  });

  it.each([
    ["unset", {}, "production"],
    ["production, in production", { ...production, PASSWORD_HASH_COST: "production" }, "production"],
    ["test, with NODE_ENV unset", { PASSWORD_HASH_COST: "test" }, "test"],
    ["test, in development", { NODE_ENV: "development", PASSWORD_HASH_COST: "test" }, "test"],
    ["test, in test", { NODE_ENV: "test", PASSWORD_HASH_COST: "test" }, "test"],
  ])("hashes passwords at the production cost unless a non-production server asks for the test one: %s", (_, env, cost) => {
    const result = loadConfig(env);
    expect(result.ok && result.config.passwordHashCost).toBe(cost);
  });

  it("gives the test apps the test password-hash cost", () => {
    expect(testConfig().passwordHashCost).toBe("test");
  });

  it("trusts no proxy by default, and reads true, false or a list of addresses and CIDRs", () => {
    const trust = (value?: string) => {
      const result = loadConfig(value === undefined ? {} : { TRUST_PROXY: value });
      return result.ok ? result.config.trustProxy : result.problems;
    };
    expect(trust()).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("true")).toBe(true);
    expect(trust("10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback")).toEqual(["10.0.0.1", "192.168.0.0/16", "::1", "fd00::/8", "loopback"]);
  });

  it.each(["2", "yes", "10.0.0.1/33", "300.1.1.1", "10.0.0.0/8/1", "proxy.example.test"])("refuses TRUST_PROXY=%s", (value) => {
    const result = loadConfig({ TRUST_PROXY: value });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.join(" ")).toContain("TRUST_PROXY");
  });

  it("reads the authenticator-secret keys as hex or base64, and uses the documented development key otherwise", () => {
    const base64 = Buffer.alloc(32, 7).toString("base64");
    const result = loadConfig({ MFA_SECRET_KEY: REAL_MFA_KEY_HEX, MFA_SECRET_KEY_PREVIOUS: base64 });
    expect(result.ok && Buffer.from(result.config.mfaSecretKeys.current).toString("hex")).toBe(REAL_MFA_KEY_HEX);
    expect(result.ok && Buffer.from(result.config.mfaSecretKeys.previous ?? []).equals(Buffer.alloc(32, 7))).toBe(true);
    const development = loadConfig({});
    expect(development.ok && Buffer.from(development.config.mfaSecretKeys.current).toString("base64")).toBe(DEFAULT_MFA_SECRET_KEY);
    expect(development.ok && development.config.mfaSecretKeys.previous).toBeUndefined();
  });

  it.each(["ab".repeat(31), "ab".repeat(33), Buffer.alloc(31).toString("base64"), "not a key"])("refuses MFA_SECRET_KEY=%s (not 32 bytes)", (value) => {
    const result = loadConfig({ MFA_SECRET_KEY: value });
    expect(!result.ok && result.problems.join(" ")).toContain("MFA_SECRET_KEY");
  });

  it("takes SMS credentials out of SMS_URL into an Authorization header; SMS_TOKEN means Bearer", () => {
    const basic = loadConfig({ SMS_URL: "https://user:to%40ken@sms.example.test/messages" });
    expect(basic.ok && basic.config.sms).toEqual({
      url: "https://sms.example.test/messages",
      authorization: `Basic ${Buffer.from("user:to@ken").toString("base64")}`,
    });
    const bearer = loadConfig({ SMS_URL: "https://sms.example.test/messages", SMS_TOKEN: "secret-token" });
    expect(bearer.ok && bearer.config.sms).toEqual({ url: "https://sms.example.test/messages", authorization: "Bearer secret-token" });
    const none = loadConfig({});
    expect(none.ok && none.config.sms).toBeUndefined();
    expect(loadConfig({ SMS_URL: "ftp://sms.example.test" }).ok).toBe(false);
    expect(loadConfig({ SMS_TOKEN: "secret-token" }).ok).toBe(false);
  });

  it.each([
    ["production with an https PUBLIC_URL", production, true],
    ["production with a plain-http PUBLIC_URL", { ...production, PUBLIC_URL: "http://portal.internal.test" }, false],
    ["production with HSTS=false", { ...production, HSTS: "false" }, false],
    ["development", {}, false],
    ["development served over https with HSTS=true", { PUBLIC_URL: "https://portal.example.test", HSTS: "true" }, true],
  ])("asks for HSTS only where the portal is served over HTTPS: %s", (_, env, hsts) => {
    const result = loadConfig(env);
    expect(result.ok && result.config.hsts).toBe(hsts);
  });

  it.each([
    ["HSTS=true on plain http", { HSTS: "true" }, "HSTS=true needs an https:// PUBLIC_URL"],
    ["HSTS=yes", { HSTS: "yes" }, "HSTS"],
  ])("refuses %s", (_, env, message) => {
    const result = loadConfig(env);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.join(" ")).toContain(message);
  });

  // Issue 31 item 7: a deployment that forgets NODE_ENV=production must not hand every code to the network.
  it.each([
    ["development on the default loopback HOST", {}, "loopback"],
    ["development on HOST=localhost", { HOST: "localhost" }, "loopback"],
    ["development on HOST=::1", { HOST: "::1" }, "loopback"],
    ["development on HOST=0.0.0.0", { HOST: "0.0.0.0" }, "off"],
    ["development on HOST=::", { HOST: "::" }, "off"],
    ["development on a LAN address", { HOST: "192.168.1.20" }, "off"],
    ["development on HOST=0.0.0.0 with DEV_OUTBOX=true", { HOST: "0.0.0.0", DEV_OUTBOX: "true" }, "everyone"],
    ["development on loopback with DEV_OUTBOX=false", { DEV_OUTBOX: "false" }, "off"],
    ["production", production, "off"],
  ])("opens the development outbox only to this machine unless asked: %s", (_, env, reach) => {
    const result = loadConfig(env);
    expect(result.ok && result.config.devOutbox).toBe(reach);
  });

  it("refuses a DEV_OUTBOX that is not true or false", () => {
    const result = loadConfig({ DEV_OUTBOX: "yes" });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.join(" ")).toContain("DEV_OUTBOX");
  });
});
