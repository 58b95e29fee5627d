import { createContentDownload, type ContentDownloadPort } from "../../../adapters/exercises/index.ts";
import { EXERCISES_PAGE_KIND, exercisesPageFor } from "../../../domain/exercises/exercises-page-kind.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { ExercisesPage } from "./exercises-page.tsx";
import { TemplatesPage } from "./templates-page.tsx";

let pageDownload: ContentDownloadPort | undefined;
// The API is served from the page's own origin (ui/main.tsx passes baseUrl ""), so content files are too.
const browserDownload = (): ContentDownloadPort => (pageDownload ??= createContentDownload({ apiOrigin: window.location.origin }));

// /exercises is one address with two pages (spec section 2): institution admins and super admins
// keep exercise templates there, everyone else sees the exercises with their content.
export function ExercisesPageByRole({ user, download }: { readonly user: CurrentUser; readonly download?: ContentDownloadPort }) {
  const port = download ?? browserDownload();
  return exercisesPageFor(user.role.code_name) === EXERCISES_PAGE_KIND.templates ? <TemplatesPage user={user} download={port} /> : <ExercisesPage user={user} download={port} />;
}
