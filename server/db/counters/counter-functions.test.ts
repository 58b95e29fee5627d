import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../migrations-folder.ts";

// counter-functions.sql keeps the current definition of every counter's trigger function in one
// place; the migrations are what a database really runs. This holds the two together: each
// function of the file is, word for word (spacing aside), the latest definition the migrations
// give it, and every function the migrations define for the counters is in the file.
const FILE = path.join(import.meta.dirname, "counter-functions.sql");
const DEFINITION = /^CREATE (?:OR REPLACE )?FUNCTION "?([a-z_]+)"?\(/;

/** The statements of an SQL text (drizzle's breakpoints, or the file's blank-line-separated blocks), without comment lines. */
const statementsOf = (sql: string, separator: RegExp): string[] =>
  sql
    .split(separator)
    .map((statement) =>
      statement
        .split("\n")
        .filter((line) => !line.startsWith("--"))
        .join("\n")
        .trim(),
    )
    .filter((statement) => statement !== "");

/** A definition as compared: one prefix, whitespace runs folded. */
const normalised = (definition: string): string => definition.replace(/^CREATE (?:OR REPLACE )?FUNCTION/, "CREATE OR REPLACE FUNCTION").replace(/\s+/g, " ").trim();

const definitionsIn = (statements: readonly string[]): Map<string, string> => {
  const found = new Map<string, string>();
  for (const statement of statements) {
    const name = DEFINITION.exec(statement)?.[1];
    if (name !== undefined) found.set(name, normalised(statement));
  }
  return found;
};

const fileDefinitions = definitionsIn(statementsOf(readFileSync(FILE, "utf8"), /\n(?=-- [a-z_]+: as of migration)/));
const latestInMigrations = definitionsIn(
  readdirSync(MIGRATIONS_FOLDER)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .flatMap((name) => statementsOf(readFileSync(path.join(MIGRATIONS_FOLDER, name), "utf8"), /--> statement-breakpoint/)),
);

describe("the counters' trigger functions in one file", () => {
  it("holds the counters' functions", () => {
    expect([...fileDefinitions.keys()]).toEqual(
      expect.arrayContaining(["patient_counts_follow", "session_counters_on_insert", "session_counters_on_update", "session_counters_on_delete", "session_buckets_follow_patients", "session_data_days_on_insert"]),
    );
  });

  it("is, function by function, the latest definition the migrations give", () => {
    for (const [name, definition] of fileDefinitions) expect(latestInMigrations.get(name), name).toBe(definition);
  });

  it("leaves out no function the migrations rewrote", () => {
    // A function defined more than once is a counter rewritten by a later migration: its current form must be here.
    const counts = new Map<string, number>();
    for (const name of readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith(".sql"))) {
      for (const statement of statementsOf(readFileSync(path.join(MIGRATIONS_FOLDER, name), "utf8"), /--> statement-breakpoint/)) {
        const defined = DEFINITION.exec(statement)?.[1];
        if (defined !== undefined) counts.set(defined, (counts.get(defined) ?? 0) + 1);
      }
    }
    const rewritten = [...counts].filter(([, times]) => times > 1).map(([name]) => name);
    expect(rewritten.filter((name) => !fileDefinitions.has(name))).toEqual([]);
  });
});
