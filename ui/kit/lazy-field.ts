import { type ComponentType, lazy } from "react";

/**
 * A field whose code is a chunk of its own (issue 35): React Aria's combo box and date field, about
 * 25 and 22 kB gzip, which six routes had on the path to their heading. The field renders inside
 * its own Suspense boundary with a FieldPlaceholder (ui/kit/field-placeholder.tsx) as the fallback,
 * so the page's heading never waits for it; the chunk is asked for in a task after the render that
 * first shows the field, and React keeps it once loaded, so later pages render the field at once.
 */
export const lazyField = <P extends object>(importer: () => Promise<ComponentType<P>>) =>
  lazy(() =>
    new Promise<void>((resolve) => {
      window.setTimeout(resolve, 0);
    })
      .then(importer)
      .then((component) => ({ default: component })),
  );
