import { Link as AriaLink, type LinkProps as AriaLinkProps } from "react-aria-components";
import * as styles from "./link.css.ts";

export type LinkProps = Omit<AriaLinkProps, "className" | "style">;

// Navigation goes through React Aria's RouterProvider (ui/app/router-provider.tsx), so an
// in-app href changes the wouter location without a page load, while modifier-clicks and
// target="_blank" still open a new tab as the browser would.
export function Link(props: LinkProps) {
  return <AriaLink {...props} className={styles.link} />;
}
