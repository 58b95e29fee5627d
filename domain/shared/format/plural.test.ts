import { describe, expect, it } from "vitest";
import { countMatching, countMatchingUpTo, countOf, formFor, forms, MATCH, NOUNS } from "./plural.ts";

describe("counts in words", () => {
  it("uses the singular for one and the plural for every other count, zero included", () => {
    expect(countOf(1, NOUNS.patient)).toBe("1 patient");
    expect(countOf(0, NOUNS.patient)).toBe("0 patients");
    expect(countOf(2, NOUNS.session)).toBe("2 sessions");
    expect(countOf(1, NOUNS.slp)).toBe("1 SLP");
    expect(countOf(12, NOUNS.slp)).toBe("12 SLPs");
  });

  it("makes the verb agree with its count", () => {
    expect(countMatching(1, NOUNS.patient)).toBe("1 patient matches");
    expect(countMatching(2, NOUNS.patient)).toBe("2 patients match");
    expect(countMatching(0, NOUNS.institution)).toBe("0 institutions match");
    expect(formFor(1, MATCH)).toBe("matches");
  });

  it("says a capped count as the floor it is, and an exact one as it is", () => {
    expect(countMatchingUpTo(1000, true, NOUNS.patient)).toBe("More than 1,000 patients match");
    expect(countMatchingUpTo(1000, false, NOUNS.patient)).toBe("1000 patients match");
    expect(countMatchingUpTo(1, false, NOUNS.patient)).toBe("1 patient matches");
  });

  it("takes an irregular plural when given one", () => {
    const child = forms("child", "children");
    expect(countOf(1, child)).toBe("1 child");
    expect(countOf(3, child)).toBe("3 children");
  });
});
