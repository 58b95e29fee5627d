import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { APP_ROUTES } from "./app-route.ts";
import { type RouteDeclaration, routeRule } from "./route-declaration.ts";
import { fillPath, matchPath } from "./route-path.ts";
import { createRouteRegistry } from "./route-registry.ts";

// The registry's own checks, on small hand-made declarations (the portal's are in domain/routes.ts).
const declared = (id: (typeof APP_ROUTES)[number], path: string, extra: Partial<RouteDeclaration> = {}): RouteDeclaration => ({
  id,
  path,
  layout: "main",
  title: id,
  rule: routeRule("dashboard", "manage"),
  area: null,
  crumb: { label: id },
  ...extra,
});
const everyRoute = (): RouteDeclaration[] => APP_ROUTES.map((id) => declared(id, `/${id}`));

describe("createRouteRegistry", () => {
  it("accepts one declaration per route, and derives each address from it", () => {
    const registry = createRouteRegistry(everyRoute());
    expect(registry.hrefFor("billing")).toBe("/billing");
    expect(registry.match("/billing")?.route.id).toBe("billing");
  });

  it("refuses a route declared twice, an address declared twice, a missing route and an undeclared parent", () => {
    expect(() => createRouteRegistry([...everyRoute(), declared("billing", "/other")])).toThrow(/declared twice/);
    expect(() => createRouteRegistry(everyRoute().map((route) => (route.id === "billing" ? { ...route, path: "/rtm-x" } : route.id === "slp-chat" ? { ...route, path: "/rtm-x" } : route)))).toThrow(
      /address \/rtm-x is declared twice/,
    );
    expect(() => createRouteRegistry(everyRoute().filter((route) => route.id !== "billing"))).toThrow(/without a declaration: billing/);
  });

  it("builds a trail from the parent chain, linking each step it can address", () => {
    const routes = everyRoute().map((route) =>
      route.id === "patient-detail"
        ? { ...route, path: "/patient/:id", ids: { id: "patientId" as const }, crumb: { label: "Ann", parent: { route: "patients" as const } } }
        : route.id === "exercise-overview"
          ? { ...route, path: "/p/:id/level/:levelId", ids: { id: "patientId" as const, levelId: "levelId" as const }, crumb: { label: "Naming", parent: { route: "patient-detail" as const } } }
          : route,
    );
    const registry = createRouteRegistry(routes);
    expect(registry.breadcrumbsFor("exercise-overview", { patientId: 4, levelId: 2 })).toEqual([
      { label: "patients", href: "/patients" },
      { label: "Ann", href: "/patient/4" },
      { label: "Naming" },
    ]);
    // Until the patient's id is known its step has no link.
    expect(registry.breadcrumbsFor("exercise-overview", {})[1]).toEqual({ label: "Ann" });
  });
});

describe("route paths", () => {
  test.prop([fc.integer({ min: 1, max: 2_147_483_647 }), fc.integer({ min: 1, max: 2_147_483_647 })])("fill and match back", (id, level) => {
    const href = fillPath("/details-panel/patient/:id/level/:levelId", { id, levelId: level });
    expect(href).toBe(`/details-panel/patient/${id}/level/${level}`);
    expect(matchPath("/details-panel/patient/:id/level/:levelId", href ?? "")).toEqual({ id: String(id), levelId: String(level) });
  });

  it("matches whole segments only, and leaves an address with a missing parameter unfilled", () => {
    expect(matchPath("/patients", "/patientsx")).toBeNull();
    expect(matchPath("/patient/:id", "/patient/5/extra")).toBeNull();
    expect(matchPath("/patient/:id", "/patient/5?tab=1")).toEqual({ id: "5" });
    expect(fillPath("/patient/:id", {})).toBeUndefined();
  });
});
