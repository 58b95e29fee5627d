import { describe, expect, it } from "vitest";
import { DEFAULT_ARGUMENTS, parseLargeArguments } from "./large/arguments.ts";

describe("the seed:large command line", () => {
  it("runs with the defaults when given nothing", () => {
    expect(parseLargeArguments([])).toEqual({ kind: "run", options: DEFAULT_ARGUMENTS });
  });

  it("reads every flag, as `--flag N` and as `--flag=N`", () => {
    expect(parseLargeArguments(["--patients", "10000", "--sessions-per-assignment=0", "--days", "30", "--attempts", "--seed=7"])).toEqual({
      kind: "run",
      options: { patients: 10_000, sessionsPerAssignment: 0, days: 30, attempts: true, seed: 7 },
    });
  });

  it("answers --help and -h with the usage, which names every flag", () => {
    for (const flag of ["--help", "-h"]) {
      const parsed = parseLargeArguments(["--patients", "5", flag]);
      expect(parsed.kind).toBe("help");
      const text = parsed.kind === "help" ? parsed.text : "";
      for (const name of ["--patients", "--sessions-per-assignment", "--days", "--attempts", "--seed"]) expect(text).toContain(name);
    }
  });

  it.each([
    [["--patient", "5"], /unknown option "--patient"/],
    [["500"], /unknown option "500"/],
    [["--patients"], /--patients needs a number/],
    [["--patients", "0"], /--patients takes a whole number from 1/],
    [["--patients", "1e5"], /got "1e5"/],
    [["--patients=-3"], /got "-3"/],
    [["--days", "0"], /--days takes a whole number/],
    [["--sessions-per-assignment", "2.5"], /got "2.5"/],
    [["--seed", "abc"], /--seed takes a whole number/],
    [["--attempts=yes"], /--attempts takes no value/],
    [["--days", "3", "--days=4"], /--days is given twice/],
  ])("refuses %j with a clear message", (argv, message) => {
    const parsed = parseLargeArguments(argv);
    expect(parsed.kind).toBe("error");
    expect(parsed.kind === "error" ? parsed.message : "").toMatch(message);
  });
});
