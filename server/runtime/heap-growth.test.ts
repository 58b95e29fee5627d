import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { HEAP_GROWING_PERCENT, limitHeapGrowth } from "./heap-growth.ts";

describe("limitHeapGrowth", () => {
  it("keeps a heap growth the operator chose on node's command line, spelled either way", () => {
    const set: string[] = [];
    expect(limitHeapGrowth(["--heap-growing-percent=80"], (flags) => set.push(flags))).toBeNull();
    expect(limitHeapGrowth(["--heap_growing_percent", "80"], (flags) => set.push(flags))).toBeNull();
    expect(set).toEqual([]);
  });

  it("sets the portal's own otherwise", () => {
    const set: string[] = [];
    expect(limitHeapGrowth(["--enable-source-maps"], (flags) => set.push(flags))).toBe(HEAP_GROWING_PERCENT);
    expect(set).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
  });

  it("is a flag this node's V8 knows (an unknown one would be ignored without a word)", () => {
    // V8 lists its flags with their current values; an unknown name would not be listed.
    const help = execFileSync(process.execPath, ["--v8-options"], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
    expect(help).toMatch(/--heap-growing-percent \(specifies heap growing factor/);
  });
});
