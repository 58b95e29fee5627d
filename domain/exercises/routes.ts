import { APP_ROUTE } from "../shared/navigation/app-route.ts";
import { canAssignGames } from "../shared/permissions/route-rules.ts";
import { type RouteDeclaration, routeRule } from "../shared/navigation/route-declaration.ts";

/** Exercises: the catalogue and assigning games to patients. */
export const EXERCISE_ROUTES: readonly RouteDeclaration[] = [
  {
    id: APP_ROUTE.exercises,
    path: "/exercises",
    layout: "main",
    title: "Exercises",
    rule: routeRule("game", "list"),
    area: "exercises",
    crumb: { label: "Exercises" },
    sidebar: { key: "exercises", label: "Exercises", order: 6, resource: "game", anyOf: ["list", "retrieve"], superAdmin: true },
  },
  {
    id: APP_ROUTE.createAssign,
    path: "/create/assign",
    layout: "create",
    title: "Assign exercises",
    rule: routeRule("game", "assignGame", APP_ROUTE.exercises),
    area: "exercises",
    crumb: { label: "Assign exercises", parent: { route: APP_ROUTE.exercises } },
    // Assigning needs the permission and at least one chosen exercise; otherwise back to /exercises.
    guard: (user, context, { hrefFor }) =>
      canAssignGames(user.permissions, context.selectedGameCount ?? 0) ? { kind: "allow" } : { kind: "redirect", to: hrefFor(APP_ROUTE.exercises) },
  },
];
