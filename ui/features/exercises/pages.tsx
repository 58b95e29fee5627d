import { lazy, Suspense } from "react";
import type { RoutePages } from "../../app/route-page.ts";
import { SectionPage } from "../../shell/section-page.tsx";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";

// Its own chunk: the previews, the selection and the templates stay off the dashboard.
const ExercisesPageByRole = lazy(() => import("./exercises-page-by-role.tsx").then((module) => ({ default: module.ExercisesPageByRole })));

/** Exercise pages (domain/exercises/routes.ts declares their routes). */
export const EXERCISE_PAGES: RoutePages = {
  exercises: {
    render: () => (user) => (
      <Suspense fallback={<PageChunkLoading title="Exercises" />}>
        <ExercisesPageByRole user={user} />
      </Suspense>
    ),
  },
  "create-assign": { render: () => <SectionPage title="Assign exercises" /> },
};
