import { useRef, type ReactNode } from "react";
import type { BreadcrumbItem } from "../../domain/shared/navigation/breadcrumbs.ts";
import { BreadcrumbTrail } from "./breadcrumb-trail.tsx";
import * as styles from "./layouts.css.ts";
import { MAIN_CONTENT_ID } from "./shell-constants.ts";
import { Sidebar } from "./sidebar/sidebar.tsx";
import { NavigationSkipLink } from "./navigation-skip-link.tsx";
import { SkipLink } from "./skip-link.tsx";
import { useToastClearance } from "./use-toast-clearance.ts";

export type LayoutProps = {
  readonly breadcrumbs: readonly BreadcrumbItem[];
  /** While the page cannot show yet (the user record is loading), <main> says it is busy. */
  readonly busy?: boolean;
  readonly children: ReactNode;
};

// Spec section 2: the main layout has the sidebar, the breadcrumb and the content.
export function MainLayout({ breadcrumbs, busy = false, children }: LayoutProps) {
  const headerBar = useRef<HTMLDivElement>(null);
  useToastClearance(headerBar);
  return (
    <>
      <SkipLink />
      <Sidebar />
      <div className={styles.column}>
        <div ref={headerBar}>
          <BreadcrumbTrail items={breadcrumbs} />
        </div>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main} aria-busy={busy || undefined}>
          {children}
        </main>
        <NavigationSkipLink />
      </div>
    </>
  );
}
