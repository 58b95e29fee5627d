import { describe, expect, it } from "vitest";
import { DEFAULT_API_KEY, DEFAULT_DEMO_PASSWORD, DEFAULT_JWT_SECRET, loadConfig } from "./config.ts";
import { AUTH_POLICY } from "./auth/auth-policy.ts";

const REAL_KEY = "k".repeat(40);
const REAL_SECRET = "s".repeat(40);
const production = {
  NODE_ENV: "production",
  API_KEY: REAL_KEY,
  JWT_SECRET: REAL_SECRET,
  PUBLIC_URL: "https://portal.example.test",
  SMTP_URL: "smtp://mail.example.test:587",
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
        isProduction: false,
      }),
    });
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
});
