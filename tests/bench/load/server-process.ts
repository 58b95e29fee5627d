import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

// The real server (`server/main.ts`, as `npm start` runs it, demo data included) in a child
// process on 127.0.0.1, and the calls the load scenarios make to it like a person would.

const PROJECT_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const TSX_CLI = createRequire(import.meta.url).resolve("tsx/cli");
export const API_KEY = "dev-portal-api-key";
export const DEMO_PASSWORD = "Demo-Portal-2026!";
const START_TIMEOUT_MS = 240_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nobody listens on now (the OS picks it), for a run that was given none. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });

export const serverEnv = (port: number, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "warn", NODE_ENV: "development", PORT: String(port), HOST: "127.0.0.1", ...extra };
  if (extra.DATABASE_URL === undefined) delete env.DATABASE_URL;
  return env;
};

/** `stdout: "pipe"` keeps the server's log (JSON lines) for a caller that reads what it did. */
export const startServer = (env: NodeJS.ProcessEnv, stdout: "ignore" | "pipe" = "ignore"): ChildProcess =>
  spawn(process.execPath, [TSX_CLI, "server/main.ts"], { cwd: PROJECT_ROOT, env, stdio: ["ignore", stdout, "inherit"] });

export const stopServer = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(killer);
};

export const waitForHealth = async (base: string, child: ChildProcess): Promise<void> => {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} while starting`);
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
};

/** One call that must succeed; anything else ends the run with the answer. */
export const call = async (base: string, pathname: string, init: RequestInit = {}): Promise<Response> => {
  const response = await fetch(`${base}${pathname}`, { ...init, signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${pathname} answered ${response.status}: ${await response.text()}`);
  return response;
};

/** A demo account's access token, through the API like a person: password, e-mailed code, verify. */
export const signIn = async (base: string, email: string): Promise<string> => {
  const basic = `Basic ${Buffer.from(`${email}:${DEMO_PASSWORD}`).toString("base64")}`;
  const login = (await (await call(base, "/api/authentication/login_web/", { method: "POST", headers: { "x-api-key": API_KEY, authorization: basic } })).json()) as { token: string };
  const preAuth = { "x-api-key": API_KEY, authorization: `Token ${login.token}`, "content-type": "application/json" };
  await call(base, "/api/authentication/totp/re_send/", { method: "POST", headers: preAuth, body: JSON.stringify({ mfa_option: "email" }) });
  const outbox = (await (await call(base, `/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`, { headers: { "x-api-key": API_KEY } })).json()) as { results: { body: string }[] };
  const code = /Your sign-in code is (\d{6})/.exec(outbox.results[0]?.body ?? "")?.[1];
  if (code === undefined) throw new Error(`no sign-in code for ${email} in the dev outbox`);
  const verified = (await (
    await call(base, "/api/authentication/totp/verify/", { method: "POST", headers: preAuth, body: JSON.stringify({ mfa_option: "email", otp_code: code }) })
  ).json()) as { access_token: string };
  return verified.access_token;
};
