import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { ROLE_CODES } from "../shared/roles.ts";
import { colleagueMembersProblem, mayOpenThread, type ThreadAccessFacts } from "./thread-access.ts";

const facts = fc.record({
  viewerRole: fc.constantFrom(...ROLE_CODES),
  viewerInstitutionId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  threadInstitutionId: fc.integer({ min: 1, max: 3 }),
  kind: fc.constantFrom("patient" as const, "colleagues" as const),
  patientInSlice: fc.boolean(),
  isMember: fc.boolean(),
});

describe("who may open a thread", () => {
  test.prop([facts])("never the super administrator, never another institution, and otherwise the slice or the membership", (thread: ThreadAccessFacts) => {
    const allowed = mayOpenThread(thread);
    if (thread.viewerRole === "super_admin" || thread.viewerInstitutionId !== thread.threadInstitutionId) expect(allowed).toBe(false);
    else expect(allowed).toBe(thread.kind === "patient" ? thread.patientInSlice : thread.isMember);
  });

  it("a colleagues' thread names at least one other person and at most 20 in all", () => {
    expect(colleagueMembersProblem(1, [1], 20)).toBe("Choose at least one colleague");
    expect(colleagueMembersProblem(1, [2, 2, 3], 20)).toBeNull();
    expect(colleagueMembersProblem(1, Array.from({ length: 19 }, (_, i) => i + 2), 20)).toBeNull();
    expect(colleagueMembersProblem(1, Array.from({ length: 20 }, (_, i) => i + 2), 20)).toBe("A conversation holds at most 20 people");
  });
});
