import type { ComponentType } from "react";
import { lazyRetrying } from "./lazy-retrying.ts";

/**
 * A field whose code is a chunk of its own (issue 35): React Aria's combo box and date field, about
 * 25 and 22 kB gzip, which six routes had on the path to their heading. The field renders inside
 * its own Suspense boundary with a FieldPlaceholder (ui/kit/field-placeholder.tsx) as the fallback,
 * so the page's heading never waits for it; the chunk is asked for in a task after the render that
 * first shows the field, and React keeps it once loaded, so later pages render the field at once.
 * A chunk that does not arrive is asked for again (lazyRetrying): the placeholder stays meanwhile,
 * and what the form holds is never lost to the app's error page.
 */
export const lazyField = <P extends object>(importer: () => Promise<ComponentType<P>>) =>
  lazyRetrying(() =>
    new Promise<void>((resolve) => {
      window.setTimeout(resolve, 0);
    }).then(importer),
  );
