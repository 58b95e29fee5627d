import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The production deployment of production-deploy.spec.ts (project `production-deploy`, started by
 * tests/e2e/start-production-server.mjs): its own secrets, neither of them a development default,
 * so the browser app works only if it takes the API key from the server at run time.
 */
export const PRODUCTION_API_KEY = "e2e-production-api-key-0123456789abcdef";
export const PRODUCTION_JWT_SECRET = "e2e-production-jwt-secret-fedcba9876543210";

/** Where the starter's SMTP sink writes each message it receives, one .eml file per message. */
export const productionMailDir = (port: string): string => join(tmpdir(), `portal-e2e-production-mail-${port}`);

/** The messages in the sink so far, by file name (names sort by arrival). */
export async function mailFiles(mailDir: string): Promise<readonly string[]> {
  return (await readdir(mailDir)).filter((name) => name.endsWith(".eml")).sort();
}

const POLL_TIMEOUT_MS = 20_000;
const POLL_INTERVAL_MS = 200;

/**
 * The sign-in code of the first message to `to` that arrived after `before` (the files there
 * were), read from the raw message as SMTP carried it ("Your sign-in code is 123456").
 */
export async function waitForMailedCode(mailDir: string, to: string, before: readonly string[]): Promise<string> {
  const deadline = Date.now() + POLL_TIMEOUT_MS;
  while (Date.now() < deadline) {
    for (const name of await mailFiles(mailDir)) {
      if (before.includes(name)) continue;
      const raw = await readFile(join(mailDir, name), "utf8");
      const recipient = /^To: (.*)$/im.exec(raw)?.[1] ?? "";
      const code = /Your sign-in code is (\d{6})/.exec(raw)?.[1];
      if (recipient.toLowerCase().includes(to.toLowerCase()) && code !== undefined) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  throw new Error(`no sign-in code for ${to} reached the SMTP sink in ${mailDir} within ${POLL_TIMEOUT_MS / 1000} s`);
}
