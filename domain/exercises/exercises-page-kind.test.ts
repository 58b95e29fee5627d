import { describe, expect, it } from "vitest";
import { catalogueContentUrl, exercisesPageFor } from "./exercises-page-kind.ts";

describe("exercisesPageFor", () => {
  it("gives institution admins and super admins the templates page, in either spelling of the role", () => {
    expect(exercisesPageFor("institution_admin")).toBe("templates");
    expect(exercisesPageFor("super_admin")).toBe("templates");
    expect(exercisesPageFor("SUPER_ADMIN")).toBe("templates");
  });
  it("gives SLPs, staff admins and unknown roles the plain exercises page", () => {
    expect(exercisesPageFor("staff")).toBe("exercises");
    expect(exercisesPageFor("STAFF")).toBe("exercises");
    expect(exercisesPageFor("staff_admin")).toBe("exercises");
    expect(exercisesPageFor("visitor")).toBe("exercises");
  });
});

describe("catalogueContentUrl", () => {
  it("names the served file of a game at a level", () => {
    expect(catalogueContentUrl("naming", "hard")).toBe("/api/content/naming/hard.json");
  });
});
