import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * `npm run dev`: the API under `tsx watch` on port 3000 (restarting on server changes) and
 * Vite's dev server (hot reload; it proxies /api and /dev to the API) as two children.
 * Ctrl+C or SIGTERM reaches both; when either stops, the other is stopped too.
 */
const children: ChildProcess[] = [];
let stopping = false;

const run = (name: string, args: readonly string[], env: NodeJS.ProcessEnv): ChildProcess => {
  const child = spawn("npx", [...args], { cwd: PROJECT_ROOT, stdio: "inherit", env, shell: process.platform === "win32" });
  child.once("exit", (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the other process\n`);
      stop("SIGTERM", code ?? 1);
    }
  });
  children.push(child);
  return child;
};

const stop = (signal: NodeJS.Signals, exitCode: number): void => {
  // Ctrl+C reaches every process of the group, and npm may relay a second signal: stop once.
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  // Give the API time for its graceful shutdown (in-flight requests, closing the database).
  const deadline = setTimeout(() => process.exit(exitCode), 15_000);
  deadline.unref();
  void Promise.all(children.map((child) => (child.exitCode !== null || child.signalCode !== null ? undefined : new Promise((resolve) => child.once("exit", resolve))))).then(() =>
    process.exit(exitCode),
  );
};

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(signal, 0));

run("API (tsx watch server/main.ts)", ["tsx", "watch", "--clear-screen=false", "server/main.ts"], { ...process.env, PORT: "3000" });
run("Vite dev server", ["vite"], process.env);
