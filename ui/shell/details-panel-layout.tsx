import { useRef } from "react";
import { Link } from "../kit/link.tsx";
import { BreadcrumbTrail } from "./breadcrumb-trail.tsx";
import * as styles from "./layouts.css.ts";
import type { LayoutProps } from "./main-layout.tsx";
import { MAIN_CONTENT_ID } from "./shell-constants.ts";
import { Sidebar } from "./sidebar/sidebar.tsx";
import { NavigationSkipLink } from "./navigation-skip-link.tsx";
import { SkipLink } from "./skip-link.tsx";
import { useToastClearance } from "./use-toast-clearance.ts";
import { backTarget } from "../../domain/routes.ts";

// Spec section 2: the details panel has the sidebar, a header with the breadcrumb, and wide content
// (session charts and attempt tables need the width).
export function DetailsPanelLayout({ breadcrumbs, busy = false, children }: LayoutProps) {
  const headerBar = useRef<HTMLElement>(null);
  useToastClearance(headerBar);
  return (
    <>
      <SkipLink />
      <Sidebar />
      <div className={styles.column}>
        <header ref={headerBar} className={styles.panelHeader}>
          <BreadcrumbTrail items={breadcrumbs} />
          <Link href={backTarget(breadcrumbs)}>Back</Link>
        </header>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.wideMain} aria-busy={busy || undefined}>
          {children}
        </main>
        <NavigationSkipLink />
      </div>
    </>
  );
}
