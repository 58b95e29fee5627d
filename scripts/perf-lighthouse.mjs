// `npm run perf`, part (b): Lighthouse's mobile performance score of a page (its default mobile
// profile: simulated slow 4G and a 4x slower CPU), with its first and largest paints and blocking time.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CHROME_FLAGS, CHROME_PATH } from "./perf-slow-phone.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const LIGHTHOUSE_MS = 180_000;

const withTimeout = (promise, ms, what) =>
  Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms).unref()),
  ]);

// Lighthouse sometimes loses its trace on a loaded machine (NO_NAVSTART): one more try, then give up.
export async function lighthouseScoreRetried(url) {
  try {
    return await lighthouseScore(url);
  } catch (error) {
    console.error(`Lighthouse failed (${error.message}); trying once more.`);
    return lighthouseScore(url);
  }
}

async function lighthouseScore(url) {
  const cli = join(ROOT, "node_modules", "lighthouse", "cli", "index.js");
  const args = [
    cli,
    url,
    "--only-categories=performance",
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
  ];
  const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH }, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  const code = await withTimeout(
    new Promise((done) => child.once("exit", done)),
    LIGHTHOUSE_MS,
    "Lighthouse",
  ).catch((error) => {
    child.kill("SIGKILL");
    throw error;
  });
  if (code !== 0) throw new Error(`Lighthouse exited with code ${code}`);
  const report = JSON.parse(out);
  const audit = (id) => report.audits[id]?.numericValue;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcpMs: audit("first-contentful-paint"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    longTasks: report.audits["long-tasks"]?.details?.items ?? [],
  };
}
