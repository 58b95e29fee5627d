import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { roundToOneDecimal } from "../domain/shared/format/round.ts";

/**
 * Builds the client with Vite in a child process when dist/index.html is missing, so
 * `npm start` works on a fresh checkout. Vite's own output is forwarded to show progress.
 */
export const buildClientIfMissing = async (distDir: string, projectRoot: string, log: FastifyBaseLogger): Promise<void> => {
  if (existsSync(path.join(distDir, "index.html"))) return;
  log.info("the client is not built yet: running `npx vite build` (this takes a little while once)");
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn("npx", ["vite", "build"], { cwd: projectRoot, stdio: "inherit", shell: process.platform === "win32" });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`));
    });
  });
  log.info({ seconds: roundToOneDecimal((Date.now() - started) / 1000) }, "client built");
};
