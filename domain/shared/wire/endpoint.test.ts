import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { fillPath, pathParamNames } from "./endpoint.ts";

describe("an endpoint's path", () => {
  it("names its :segments in order", () => {
    expect(pathParamNames("/api/patients/:id/game-levels/")).toEqual(["id"]);
    expect(pathParamNames("/api/institutions/:institution_id/staff/:id/")).toEqual(["institution_id", "id"]);
    expect(pathParamNames("/api/games/")).toEqual([]);
  });

  it("is filled from the encoded params", () => {
    expect(fillPath("/api/attempt/:id/", { id: "42" })).toBe("/api/attempt/42/");
    expect(fillPath("/api/institutions/:institution_id/staff/:id/", { institution_id: "3", id: "9" })).toBe("/api/institutions/3/staff/9/");
  });

  it("leaves a missing param's segment empty, which no route matches, rather than writing 'undefined'", () => {
    expect(fillPath("/api/attempt/:id/", {})).toBe("/api/attempt//");
    expect(fillPath("/api/attempt/:id/", undefined)).toBe("/api/attempt//");
  });

  test.prop([fc.string()])("never lets a param add a segment, a query or a fragment", (value) => {
    const filled = fillPath("/api/attempt/:id/", { id: value });
    const segment = filled.slice("/api/attempt/".length, -1);
    expect(segment).not.toMatch(/[/?#]/);
    expect(decodeURIComponent(segment)).toBe(value);
  });
});
