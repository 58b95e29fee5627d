import { describe, expect, it } from "vitest";
import type { Institution } from "../../../domain/institutions/index.ts";
import type { InstitutionId } from "../../../domain/shared/ids.ts";
import { fieldsOf, institutionConflict, institutionValueText } from "./institution-conflict.ts";

// A conflict over the billing settings names them in words: the supply kind with its codes, "Not chosen yet" for none.
const started: Institution = {
  id: 9 as InstitutionId,
  name: "Lakeside Rehab",
  allowed_domains: ["lakeside.org"],
  description: "",
  games: [],
  time_zone: "America/Chicago",
  rtm_supply_kind: null,
  version: 3,
};

describe("institution conflicts", () => {
  it("lists a supply kind and a zone changed on both sides, in words", () => {
    const current: Institution = { ...started, time_zone: "America/Denver", rtm_supply_kind: "respiratory", version: 4 };
    const mine = { ...fieldsOf(started), time_zone: "Europe/Berlin", rtm_supply_kind: "cognitiveBehavioural" as const };
    const changes = institutionConflict(started, current, mine);
    expect(changes.map((change) => change.field).sort()).toEqual(["rtm_supply_kind", "time_zone"]);
    expect(institutionValueText("rtm_supply_kind", "cognitiveBehavioural")).toBe("Cognitive behavioural therapy (98978, 98986)");
    expect(institutionValueText("rtm_supply_kind", null)).toBe("Not chosen yet");
    expect(institutionValueText("time_zone", "Europe/Berlin")).toBe("Europe/Berlin");
    expect(institutionValueText("allowed_domains", ["a.org", "b.org"])).toBe("a.org, b.org");
  });
});
