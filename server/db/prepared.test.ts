import { describe, expect, it } from "vitest";
import type { Database } from "./database.ts";
import { preparedOnce, preparedPerShape } from "./prepared.ts";

// Stand-ins: only identity matters to the keeping (a WeakMap per database).
const databaseA = {} as Database;
const databaseB = {} as Database;

describe("statements built once (server/db/prepared.ts)", () => {
  it("builds a fixed statement once per database", () => {
    const builds: Database[] = [];
    const statement = preparedOnce((db) => {
      builds.push(db);
      return { built: builds.length };
    });
    expect(statement(databaseA)).toBe(statement(databaseA));
    expect(statement(databaseB)).not.toBe(statement(databaseA));
    expect(builds).toEqual([databaseA, databaseB]);
  });

  it("builds each shape once per database, and never hands one shape's statement to another", () => {
    const builds: string[] = [];
    const statement = preparedPerShape((_db, shape: "caseload forward" | "institution forward" | "caseload reversed") => {
      builds.push(shape);
      return { shape };
    });
    for (let round = 0; round < 3; round += 1) {
      expect(statement(databaseA, "caseload forward").shape).toBe("caseload forward");
      expect(statement(databaseA, "institution forward").shape).toBe("institution forward");
      expect(statement(databaseA, "caseload reversed").shape).toBe("caseload reversed");
    }
    expect(statement(databaseB, "caseload forward")).not.toBe(statement(databaseA, "caseload forward"));
    expect(builds).toEqual(["caseload forward", "institution forward", "caseload reversed", "caseload forward"]);
  });
});
