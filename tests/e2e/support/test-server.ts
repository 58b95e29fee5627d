import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/** A portal server one starter script runs for the browser flows, on a port the OS picked. */
export type TestServer = {
  readonly port: number;
  readonly url: string;
  /** SIGTERM (the starter stops the server and deletes its data), then waits for the exit. */
  readonly stop: () => Promise<void>;
};

/** A port nobody listens on now: each server gets its own, so two runs on one machine never meet. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const exited = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

const HEALTH_POLL_MS = 250;

/**
 * Runs `node <starter>` with E2E_PORT set to a free port (and the variables `env` gives for that
 * port), and answers once GET /api/health does there. A copied template boots in seconds; the
 * limit is for migrating and seeding on a loaded machine.
 */
export async function startTestServer(
  starter: string,
  env: (port: number) => Record<string, string> = () => ({}),
  limitMs = 300_000,
): Promise<TestServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Output goes to the worker's own, which Playwright shows with the test that was running.
  const child = spawn(process.execPath, [starter], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, E2E_PORT: String(port), ...env(port) },
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited(child);
  };
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${starter} stopped (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { port, url, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${starter} did not answer on ${url}/api/health within ${limitMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
}
