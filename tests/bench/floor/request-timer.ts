import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { percentile } from "../inject-timings.ts";

/**
 * Counts the statements the process sends, on both drivers: node-postgres (PostgreSQL and the
 * embedded database's socket) and in-process PGlite. Statements inside a PGlite transaction go
 * through its transaction object and are not seen; the reads measured here run none.
 */
let statements = 0;
let installed = false;
export const countStatements = (): void => {
  if (installed) return;
  installed = true;
  const wrap = (proto: { query: (...args: never[]) => unknown }): void => {
    const original = proto.query;
    proto.query = function (this: unknown, ...args: never[]) {
      statements += 1;
      return original.apply(this, args);
    };
  };
  wrap(pg.Client.prototype as unknown as { query: (...args: never[]) => unknown });
  wrap(PGlite.prototype as unknown as { query: (...args: never[]) => unknown });
};
export const statementCount = (): number => statements;

/** One measured case: wall time of each call, and the process CPU time and statements of all of them. */
export type CaseTimings = { wall: number[]; cpuMicros: number; statements: number };

export type Case = { readonly name: string; readonly run: () => Promise<void> };

/**
 * Runs the cases round-robin (one call of each in turn, `rounds` times, after `warmup` rounds),
 * so a busy neighbour on a shared machine slows every case alike; ratios between cases stay fair.
 */
export const measureCases = async (cases: readonly Case[], rounds: number, warmup: number): Promise<Map<string, CaseTimings>> => {
  const results = new Map<string, CaseTimings>(cases.map((one) => [one.name, { wall: [], cpuMicros: 0, statements: 0 }]));
  for (let round = 0; round < warmup + rounds; round += 1) {
    for (const one of cases) {
      const cpu = process.cpuUsage();
      const before = statements;
      const started = performance.now();
      await one.run();
      const elapsed = performance.now() - started;
      if (round < warmup) continue;
      const spent = process.cpuUsage(cpu);
      const timing = results.get(one.name);
      if (timing === undefined) continue;
      timing.wall.push(elapsed);
      timing.cpuMicros += spent.user + spent.system;
      timing.statements += statements - before;
    }
  }
  return results;
};

/** The Markdown row of one case: p50, p99, mean process CPU per call, statements per call. */
export const timingRow = (label: string, timing: CaseTimings): string => {
  const calls = timing.wall.length;
  return `| ${label} | ${percentile(timing.wall, 50).toFixed(3)} | ${percentile(timing.wall, 99).toFixed(3)} | ${(timing.cpuMicros / calls / 1000).toFixed(3)} | ${(timing.statements / calls).toFixed(1)} |`;
};

export const TIMING_HEADER = ["| case | p50 (ms) | p99 (ms) | CPU/call (ms) | statements/call |", "|---|---:|---:|---:|---:|"];
