import { useRef } from "react";
import { Link as AriaLink } from "react-aria-components";
import { productName } from "./use-document-title.ts";
import { Link } from "../kit/link.tsx";
import { backTarget, HOME_PATH } from "../../domain/routes.ts";
import * as styles from "./layouts.css.ts";
import type { LayoutProps } from "./main-layout.tsx";
import { MAIN_CONTENT_ID } from "./shell-constants.ts";
import { LogoMark } from "./sidebar/sidebar-icons.tsx";
import { SkipLink } from "./skip-link.tsx";
import { useToastClearance } from "./use-toast-clearance.ts";

// Spec section 2: create pages have a header (the wordmark and a way out) and a centred narrow
// content area; no sidebar, so nothing pulls attention away from the form.
export function CreateLayout({ breadcrumbs, busy = false, children }: LayoutProps) {
  const headerBar = useRef<HTMLElement>(null);
  useToastClearance(headerBar);
  return (
    <>
      <SkipLink />
      <header ref={headerBar} className={styles.createHeader}>
        <AriaLink href={HOME_PATH} className={styles.wordmarkLink} aria-label={`${productName}, dashboard`}>
          <LogoMark />
          <span className={styles.wordmarkText} aria-hidden="true">
            Speech therapy care
          </span>
        </AriaLink>
        <Link href={backTarget(breadcrumbs)}>Cancel</Link>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.narrowMain} aria-busy={busy || undefined}>
        {children}
      </main>
    </>
  );
}
