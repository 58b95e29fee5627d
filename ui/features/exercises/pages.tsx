import { pageChunk } from "../../shell/page-chunk.tsx";
import type { RoutePages } from "../../shell/route-page.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import { EXERCISE_PAGE_CODE } from "./page-code.ts";

// Each its own chunk: the previews, the selection, the templates and the assignment forms stay off the dashboard.
const ExercisesPageByRole = pageChunk(() => EXERCISE_PAGE_CODE.exercises().then((module) => module.ExercisesPageByRole), <PageChunkLoading title="Exercises" />);
const AssignPage = pageChunk(() => EXERCISE_PAGE_CODE["create-assign"]().then((module) => module.AssignPage), <PageChunkLoading title="Assign exercises" />);

/** Exercise pages (domain/exercises/routes.ts declares their routes). */
export const EXERCISE_PAGES: RoutePages = {
  exercises: {
    preload: ExercisesPageByRole.preload,
    render: () => (user) => <ExercisesPageByRole user={user} />,
  },
  // The route's guard reads the live selection (ui/app/signed-in-routes.tsx): nothing picked, back to /exercises.
  "create-assign": {
    preload: AssignPage.preload,
    render: () => (user) => <AssignPage user={user} />,
  },
};
