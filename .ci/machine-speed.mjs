// How fast this machine is at the moment, so that a slow `npm test` can be told apart from a slow
// machine: the same run's test time doubled twice between sessions (555 s -> 1,036 s with 26 more
// tests) with nothing else running, and no record said whether the code or the machine had changed.
// A fixed piece of single-threaded work (SHA-256 over 64 MB and a JSON round trip of 20,000 rows),
// its best of three, with the load average and the CPU's name. `.ci/run` calls it before and after
// `npm test` (`node .ci/machine-speed.mjs before|after`); the lines go to
// test-results/machine-speed.jsonl and .ci/summary.mjs prints them beside the step times.
import { createHash } from "node:crypto";
import { appendFileSync, mkdirSync } from "node:fs";
import { cpus, loadavg } from "node:os";

const when = process.argv[2] ?? "now";
const block = Buffer.alloc(1 << 20, 7);
const rows = Array.from({ length: 20_000 }, (_, id) => ({ id, name: `patient ${id}`, accuracy: id % 100, reviewed: id % 3 === 0 }));

const once = () => {
  const started = performance.now();
  const hash = createHash("sha256");
  for (let i = 0; i < 64; i += 1) hash.update(block);
  hash.digest();
  for (let i = 0; i < 5; i += 1) JSON.parse(JSON.stringify(rows));
  return performance.now() - started;
};

const best = Math.min(once(), once(), once());
const line = { when, referenceMs: Math.round(best), load1: Number(loadavg()[0].toFixed(2)), cores: cpus().length, cpu: cpus()[0]?.model ?? "unknown" };
mkdirSync("test-results", { recursive: true });
appendFileSync("test-results/machine-speed.jsonl", `${JSON.stringify(line)}\n`);
console.log(`machine (${when}): reference work ${line.referenceMs} ms, load average ${line.load1} on ${line.cores} cores (${line.cpu})`);
