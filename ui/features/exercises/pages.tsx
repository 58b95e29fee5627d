import type { RoutePages } from "../../app/route-page.ts";
import { SectionPage } from "../../shell/section-page.tsx";

/** Exercise pages (domain/exercises/routes.ts declares their routes). */
export const EXERCISE_PAGES: RoutePages = {
  // No exercise can be chosen yet (the exercises page comes later), so /create/assign sends
  // everyone back to /exercises, as the spec asks when nothing is selected.
  "create-assign": { context: { selectedGameCount: 0 }, render: () => <SectionPage title="Assign exercises" /> },
};
