import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Small files named after what they hold (DESIGN.md): a production file stays under 300 lines and a
// machine under 200, so a newcomer reads one thing at a time. The files still over are listed
// here, to be split; the list may only shrink. Tests, test helpers and fixtures (`*.fixtures.ts`:
// example data that tests and the replay tool's --write-fixtures read) are not production files.
const ROOT = path.resolve(import.meta.dirname, "../..");
const MAX_FILE_LINES = 300;
const MAX_MACHINE_LINES = 200;
const STILL_TO_SPLIT: readonly string[] = [];

const productionFiles = (): string[] =>
  execFileSync("git", ["-C", ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "domain", "machines", "adapters", "ui", "server", "scripts"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.(tsx?|mjs)$/.test(file) && !/\.test(-helper)?\.tsx?$|\.fixtures\.ts$|\.d\.mts$/.test(file));
const linesOf = (file: string): number => {
  try {
    return readFileSync(path.join(ROOT, file), "utf8").split("\n").length - 1;
  } catch {
    return 0; // listed by git but deleted in the working tree
  }
};

describe("file sizes", () => {
  const sizes = productionFiles().map((file) => ({ file, lines: linesOf(file) }));

  it(`no production file over ${MAX_FILE_LINES} lines but those still to split`, () => {
    expect(sizes.filter(({ file, lines }) => lines > MAX_FILE_LINES && !STILL_TO_SPLIT.includes(file)).map(({ file, lines }) => `${file}: ${lines}`)).toEqual([]);
  });

  it("lists only files that are still over", () => {
    expect(STILL_TO_SPLIT.filter((file) => linesOf(file) <= MAX_FILE_LINES)).toEqual([]);
  });

  it(`no machine over ${MAX_MACHINE_LINES} lines`, () => {
    expect(sizes.filter(({ file, lines }) => /\.machine\.ts$/.test(file) && lines > MAX_MACHINE_LINES).map(({ file, lines }) => `${file}: ${lines}`)).toEqual([]);
  });
});
