import { lazy, Suspense } from "react";
import type { RoutePages } from "../../shell/route-page.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import { EXERCISE_PAGE_CODE } from "./page-code.ts";

// Each its own chunk: the previews, the selection, the templates and the assignment forms stay off the dashboard.
const ExercisesPageByRole = lazy(() => EXERCISE_PAGE_CODE.exercises().then((module) => ({ default: module.ExercisesPageByRole })));
const AssignPage = lazy(() => EXERCISE_PAGE_CODE["create-assign"]().then((module) => ({ default: module.AssignPage })));

/** Exercise pages (domain/exercises/routes.ts declares their routes). */
export const EXERCISE_PAGES: RoutePages = {
  exercises: {
    render: () => (user) => (
      <Suspense fallback={<PageChunkLoading title="Exercises" />}>
        <ExercisesPageByRole user={user} />
      </Suspense>
    ),
  },
  // The route's guard reads the live selection (ui/app/signed-in-routes.tsx): nothing picked, back to /exercises.
  "create-assign": {
    render: () => (user) => (
      <Suspense fallback={<PageChunkLoading title="Assign exercises" />}>
        <AssignPage user={user} />
      </Suspense>
    ),
  },
};
